import { Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PasswordConfirmField } from './password-confirm-field';

type EmailChangeDialogProps = {
  /** The new address. */
  email: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: (password: string) => void;
};

/** Asks for the current password before an email change is requested; mounted while open. */
export function EmailChangeDialog({ email, busy, onClose, onConfirm }: EmailChangeDialogProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [tried, setTried] = useState(false);

  const confirm = () => {
    setTried(true);
    if (password !== '') onConfirm(password);
  };

  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={t('profile.email.dialogTitle')}
      keepLabel={t('profile.email.cancel')}
      confirmLabel={t('profile.email.confirm')}
      confirmPalette="purple"
      busy={busy}
      onConfirm={confirm}
      testIds={{ dialog: 'email-change-dialog', confirm: 'email-change-confirm', keep: 'email-change-cancel' }}
    >
      <Text mb="4">{t('profile.email.dialogText', { email })}</Text>
      <PasswordConfirmField
        label={t('profile.email.password')}
        value={password}
        onChange={setPassword}
        missing={tried && password === ''}
        onEnter={confirm}
        testId="email-change-password"
      />
    </ConfirmDialog>
  );
}
