import { Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';

export type PasswordConfirmDialogProps = {
	title: string;
	text: string;
	passwordLabel: string;
	keepLabel: string;
	confirmLabel: string;
	confirmPalette: 'red' | 'purple';
	/** `alertdialog` for what cannot be undone. */
	role?: 'dialog' | 'alertdialog';
	busy: boolean;
	onClose: () => void;
	onConfirm: (password: string) => void;
	testIds: { dialog: string; confirm: string; keep: string; password: string };
};

/**
 * Asks for the current password before a sensitive change (email, account deletion); mounted while
 * open. Confirming with the field empty shows "This field is required"; Enter in the field confirms.
 */
export function PasswordConfirmDialog({ title, text, passwordLabel, busy, onClose, onConfirm, testIds, ...labels }: PasswordConfirmDialogProps) {
	const [password, setPassword] = useState('');
	const [tried, setTried] = useState(false);

	const confirm = () => {
		setTried(true);
		if (password !== '') onConfirm(password);
	};

	return (
		<ConfirmDialog
			role={labels.role}
			open
			onClose={onClose}
			title={title}
			keepLabel={labels.keepLabel}
			confirmLabel={labels.confirmLabel}
			confirmPalette={labels.confirmPalette}
			busy={busy}
			onConfirm={confirm}
			testIds={{ dialog: testIds.dialog, confirm: testIds.confirm, keep: testIds.keep }}
		>
			<Text mb="4">{text}</Text>
			<FormField label={passwordLabel} error={tried && password === '' ? 'required' : undefined}>
				<PasswordInput
					name="current-password"
					autoComplete="current-password"
					value={password}
					onChange={(event) => setPassword(event.target.value)}
					onKeyDown={(event) => {
						if (event.key === 'Enter') {
							event.preventDefault();
							confirm();
						}
					}}
					data-testid={testIds.password}
				/>
			</FormField>
		</ConfirmDialog>
	);
}
