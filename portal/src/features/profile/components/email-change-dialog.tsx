import { useTranslation } from 'react-i18next';
import { PasswordConfirmDialog } from './password-confirm-dialog';

type EmailChangeDialogProps = {
	/** The new address. */
	email: string;
	busy: boolean;
	onClose: () => void;
	onConfirm: (password: string) => void;
};

/** Asks for the current password before an email change is requested; mounted while open. */
export function EmailChangeDialog({ email, ...props }: EmailChangeDialogProps) {
	const { t } = useTranslation();
	return (
		<PasswordConfirmDialog
			{...props}
			title={t('profile.email.dialogTitle')}
			text={t('profile.email.dialogText', { email })}
			passwordLabel={t('profile.email.password')}
			keepLabel={t('profile.email.cancel')}
			confirmLabel={t('profile.email.confirm')}
			confirmPalette="purple"
			testIds={{ dialog: 'email-change-dialog', confirm: 'email-change-confirm', keep: 'email-change-cancel', password: 'email-change-password' }}
		/>
	);
}
