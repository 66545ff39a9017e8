import { Button, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { AuthMode } from '../../../config/paths';
import { paths } from '../../../config/paths';
import { actionToasts } from '../../../lib/action-toasts';
import { checkEmail, checkRequired, collectErrors } from '../../../lib/validation';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';

export type AuthFormValues = { fullName: string; email: string; password: string };

type AuthFormProps = {
	mode: AuthMode;
	onToggleMode: () => void;
	/** Performs the sign-in or registration; a thrown Error's message is shown to the user. */
	onSubmit: (values: AuthFormValues) => Promise<void>;
};

const EMPTY: AuthFormValues = { fullName: '', email: '', password: '' };

/** One form for both signing in and registering (docs/product.md, Pages and routes: /auth). */
export function AuthForm({ mode, onToggleMode, onSubmit }: AuthFormProps) {
	const { t } = useTranslation();
	const [values, setValues] = useState<AuthFormValues>(EMPTY);
	const [submitted, setSubmitted] = useState(false);
	const [busy, setBusy] = useState(false);
	const isRegister = mode === 'register';

	const errors = collectErrors({
		fullName: isRegister ? checkRequired(values.fullName) : null,
		email: checkEmail(values.email),
		password: checkRequired(values.password),
	});
	// Messages appear after the first submit attempt, not while the user is still typing.
	const shown = submitted ? errors : {};

	const update = (field: keyof AuthFormValues) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

	const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		setSubmitted(true);
		if (Object.keys(errors).length > 0) return;
		const toasts = actionToasts(isRegister ? 'register' : 'login');
		toasts.retried();
		setBusy(true);
		try {
			await onSubmit({ ...values, email: values.email.trim() });
			toasts.succeeded();
		} catch (error) {
			toasts.failed({
				title: isRegister ? t('auth.toast.registerFailed') : t('auth.toast.loginFailed'),
				description: error instanceof Error && error.message ? error.message : t('errors.generic'),
			});
		} finally {
			setBusy(false);
		}
	};

	return (
		<form noValidate onSubmit={(event) => void handleSubmit(event)} data-testid="auth-form">
			<Stack gap="5">
				{isRegister && (
					<FormField label={t('auth.fields.fullName')} error={shown.fullName}>
						<Input name="name" autoComplete="name" value={values.fullName} onChange={update('fullName')} />
					</FormField>
				)}
				<FormField label={t('auth.fields.email')} error={shown.email}>
					<Input name="email" type="email" autoComplete="email" value={values.email} onChange={update('email')} />
				</FormField>
				<FormField label={t('auth.fields.password')} error={shown.password}>
					<PasswordInput name="password" autoComplete={isRegister ? 'new-password' : 'current-password'} value={values.password} onChange={update('password')} />
				</FormField>
				{!isRegister && (
					<Link asChild alignSelf="flex-end" fontSize="sm" colorPalette="purple" color="colorPalette.fg">
						<RouterLink to={paths.forgotPassword.getHref()}>{t('auth.forgotPassword')}</RouterLink>
					</Link>
				)}
				<Button type="submit" colorPalette="purple" size="lg" loading={busy}>
					{isRegister ? t('auth.register.submit') : t('auth.login.submit')}
				</Button>
				<Text textAlign="center" fontSize="sm" color="fg.muted">
					{isRegister ? t('auth.register.haveAccount') : t('auth.login.noAccount')}{' '}
					<Button variant="plain" size="sm" colorPalette="purple" color="colorPalette.fg" px="0" h="auto" onClick={onToggleMode}>
						{isRegister ? t('auth.register.toggle') : t('auth.login.toggle')}
					</Button>
				</Text>
			</Stack>
		</form>
	);
}
