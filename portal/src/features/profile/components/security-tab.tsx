import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { getErrorMessage } from '../../../lib/api-error';
import type { SessionUser } from '../../../lib/auth/session-user';
import { useAuth } from '../../../lib/auth/use-auth';
import { toaster } from '../../../lib/toaster';
import { checkRequired, collectErrors, MIN_PASSWORD_LENGTH } from '../../../lib/validation';
import { useChangePassword } from '../api/change-password';
import { checkPasswordChange } from '../lib/validation';

const EMPTY = { current: '', next: '', confirmation: '' };

/** Current, new and confirmed password; the server checks the current one first. */
export function SecurityTab({ user }: { user: SessionUser }) {
	const { t } = useTranslation();
	const { login } = useAuth();
	const [values, setValues] = useState(EMPTY);
	const [submitted, setSubmitted] = useState(false);
	const [signingInAgain, setSigningInAgain] = useState(false);
	const change = useChangePassword();

	const errors = collectErrors({
		current: checkRequired(values.current),
		next: checkRequired(values.next),
		confirmation: checkRequired(values.confirmation),
	});
	const shown = submitted ? errors : {};

	const update = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

	const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		setSubmitted(true);
		if (Object.keys(errors).length > 0) return;
		const problem = checkPasswordChange(values.next, values.confirmation);
		if (problem) {
			toaster.error({ title: t(`profile.toast.${problem}`), description: t(`profile.toast.${problem}Text`) });
			return;
		}
		try {
			await change.trigger({ current_password: values.current, new_password: values.next });
		} catch (error) {
			toaster.error({
				title: t('profile.toast.passwordFailed'),
				description: getErrorMessage(error, t('profile.toast.passwordFailedFallback')),
			});
			return;
		}
		// The server ends every session of the account with the old password, this one included:
		// sign in again with the new one so the customer stays signed in here. Only then is the change
		// reported, so nothing the customer does next (logging out, say) races the new session.
		setSigningInAgain(true);
		await login(user.email, values.next)
			.catch((error: unknown) => console.error('Could not sign in again after the password change', error))
			.finally(() => setSigningInAgain(false));
		setValues(EMPTY);
		setSubmitted(false);
		toaster.success({ title: t('profile.toast.passwordChanged') });
	};

	return (
		<Card.Root>
			<Card.Body gap="5">
				<Stack gap="1">
					<Heading as="h3" size="md">
						{t('profile.security.title')}
					</Heading>
					<Text color="fg.muted" fontSize="sm">
						{t('profile.security.description')}
					</Text>
				</Stack>
				<form noValidate onSubmit={(event) => void handleSubmit(event)} data-testid="password-form">
					<Stack gap="5" maxW={{ md: 'md' }}>
						<FormField label={t('profile.security.current')} error={shown.current}>
							<PasswordInput name="current-password" autoComplete="current-password" value={values.current} onChange={update('current')} data-testid="current-password" />
						</FormField>
						<FormField label={t('profile.security.new')} error={shown.next} helperText={t('auth.reset.passwordHint', { count: MIN_PASSWORD_LENGTH })}>
							<PasswordInput name="new-password" autoComplete="new-password" value={values.next} onChange={update('next')} data-testid="new-password" />
						</FormField>
						<FormField label={t('profile.security.confirm')} error={shown.confirmation}>
							<PasswordInput name="confirm-password" autoComplete="new-password" value={values.confirmation} onChange={update('confirmation')} data-testid="confirm-password" />
						</FormField>
						<Button
							type="submit"
							colorPalette="purple"
							alignSelf={{ base: 'stretch', sm: 'flex-start' }}
							loading={change.isMutating || signingInAgain}
							data-testid="password-submit"
						>
							{t('profile.security.submit')}
						</Button>
					</Stack>
				</form>
			</Card.Body>
		</Card.Root>
	);
}
