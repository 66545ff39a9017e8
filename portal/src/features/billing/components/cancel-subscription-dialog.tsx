import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

type CancelSubscriptionDialogProps = {
	open: boolean;
	onOpenChange: (open: boolean) => void;
	/** The formatted end of the current period, when known. */
	endDate: string | null;
	busy: boolean;
	onConfirm: () => void;
};

/** Confirms a cancellation: it takes effect at the end of the period, not now. */
export function CancelSubscriptionDialog({ open, onOpenChange, endDate, busy, onConfirm }: CancelSubscriptionDialogProps) {
	const { t } = useTranslation();
	return (
		<ConfirmDialog
			role="alertdialog"
			open={open}
			onClose={() => onOpenChange(false)}
			title={t('billing.cancel.title')}
			keepLabel={t('billing.cancel.keep')}
			confirmLabel={t('billing.cancel.confirm')}
			confirmPalette="red"
			busy={busy}
			onConfirm={onConfirm}
			testIds={{ dialog: 'cancel-dialog', confirm: 'confirm-cancel', keep: 'keep-subscription' }}
		>
			<Text>{endDate ? t('billing.cancel.textUntil', { date: endDate }) : t('billing.cancel.text')}</Text>
			<Text mt="3" color="fg.muted">
				{t('billing.cancel.reactivateHint')}
			</Text>
		</ConfirmDialog>
	);
}
