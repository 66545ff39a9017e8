import { Button, Input, Link, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { toaster } from '../../../lib/toaster';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { checkEmail } from '../../../lib/validation';
import { AuthCard } from './auth-card';
import { CheckEmail } from './check-email';
import { FormField } from '../../../components/ui/form-field';

/** /forgot-password: asks for a reset link by email. */
export function ForgotPasswordPage() {
	const { t } = useTranslation();
	const [email, setEmail] = useState('');
	const [submitted, setSubmitted] = useState(false);
	const [sentTo, setSentTo] = useState<string | null>(null);
	const { trigger, isMutating } = useRequestPasswordReset();
	const error = submitted ? checkEmail(email) : null;

	const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		setSubmitted(true);
		if (checkEmail(email)) return;
		try {
			await trigger(email.trim());
			setSentTo(email.trim());
		} catch (failure) {
			toaster.error({ title: t('auth.forgot.failed'), description: getErrorMessage(failure) });
		}
	};

	if (sentTo) {
		return (
			<CheckEmail
				email={sentTo}
				message={t('auth.forgot.sentMessage')}
				actions={
					<Button asChild colorPalette="purple">
						<RouterLink to={paths.auth.getHref()}>{t('auth.backToLogin')}</RouterLink>
					</Button>
				}
			/>
		);
	}

	return (
		<AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
			<form noValidate onSubmit={(event) => void handleSubmit(event)}>
				<Stack gap="5">
					<FormField label={t('auth.fields.email')} error={error ?? undefined}>
						<Input name="email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
					</FormField>
					<Button type="submit" colorPalette="purple" size="lg" loading={isMutating}>
						{t('auth.forgot.submit')}
					</Button>
					<Link asChild alignSelf="center" fontSize="sm" colorPalette="purple" color="colorPalette.fg">
						<RouterLink to={paths.auth.getHref()}>{t('auth.backToLogin')}</RouterLink>
					</Link>
				</Stack>
			</form>
		</AuthCard>
	);
}
