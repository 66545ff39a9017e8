import { Button, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkConfirmation, checkNewPassword, collectErrors, MIN_PASSWORD_LENGTH } from '../../../lib/validation';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';

type ResetPasswordFormProps = { busy: boolean; onSubmit: (password: string) => void };

/** New password twice; submits only when both rules hold (docs/product.md, Validation messages). */
export function ResetPasswordForm({ busy, onSubmit }: ResetPasswordFormProps) {
	const { t } = useTranslation();
	const [password, setPassword] = useState('');
	const [confirmation, setConfirmation] = useState('');
	const [submitted, setSubmitted] = useState(false);

	const errors = collectErrors({
		password: checkNewPassword(password),
		confirmation: checkConfirmation(password, confirmation),
	});
	const shown = submitted ? errors : {};

	const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		setSubmitted(true);
		if (Object.keys(errors).length === 0) onSubmit(password);
	};

	return (
		<form noValidate onSubmit={handleSubmit}>
			<Stack gap="5">
				<FormField label={t('auth.reset.newPassword')} error={shown.password} helperText={t('auth.reset.passwordHint', { count: MIN_PASSWORD_LENGTH })}>
					<PasswordInput name="new-password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />
				</FormField>
				<FormField label={t('auth.reset.confirmPassword')} error={shown.confirmation}>
					<PasswordInput name="confirm-password" autoComplete="new-password" value={confirmation} onChange={(event) => setConfirmation(event.target.value)} />
				</FormField>
				<Button type="submit" colorPalette="purple" size="lg" loading={busy}>
					{t('auth.reset.submit')}
				</Button>
			</Stack>
		</form>
	);
}
