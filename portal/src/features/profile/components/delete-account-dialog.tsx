import { Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PasswordConfirmField } from './password-confirm-field';

type DeleteAccountDialogProps = { busy: boolean; onClose: () => void; onConfirm: (password: string) => void };

/** Asks for the password and says that deleting cannot be undone; mounted while open. */
export function DeleteAccountDialog({ busy, onClose, onConfirm }: DeleteAccountDialogProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [tried, setTried] = useState(false);

  const confirm = () => {
    setTried(true);
    if (password !== '') onConfirm(password);
  };

  return (
    <ConfirmDialog
      role="alertdialog"
      open
      onClose={onClose}
      title={t('profile.account.dialogTitle')}
      keepLabel={t('profile.account.keep')}
      confirmLabel={t('profile.account.confirm')}
      confirmPalette="red"
      busy={busy}
      onConfirm={confirm}
      testIds={{ dialog: 'delete-account-dialog', confirm: 'delete-account-confirm', keep: 'delete-account-keep' }}
    >
      <Text mb="4">{t('profile.account.dialogText')}</Text>
      <PasswordConfirmField
        label={t('profile.account.password')}
        value={password}
        onChange={setPassword}
        missing={tried && password === ''}
        onEnter={confirm}
        testId="delete-account-password"
      />
    </ConfirmDialog>
  );
}
