import { useTranslation } from 'react-i18next';
import { PasswordConfirmDialog } from './password-confirm-dialog';

type DeleteAccountDialogProps = { busy: boolean; onClose: () => void; onConfirm: (password: string) => void };

/** Asks for the password and says that deleting cannot be undone; mounted while open. */
export function DeleteAccountDialog(props: DeleteAccountDialogProps) {
	const { t } = useTranslation();
	return (
		<PasswordConfirmDialog
			{...props}
			role="alertdialog"
			title={t('profile.account.dialogTitle')}
			text={t('profile.account.dialogText')}
			passwordLabel={t('profile.account.password')}
			keepLabel={t('profile.account.keep')}
			confirmLabel={t('profile.account.confirm')}
			confirmPalette="red"
			testIds={{ dialog: 'delete-account-dialog', confirm: 'delete-account-confirm', keep: 'delete-account-keep', password: 'delete-account-password' }}
		/>
	);
}
