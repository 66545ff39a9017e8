import { Alert, Text } from '@chakra-ui/react';
import type { BillingPeriod, Plan } from '@epic/platform-api';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

type ChangePlanDialogProps = {
	change: { plan: Plan; period: BillingPeriod } | null;
	busy: boolean;
	/** The server's refusal, e.g. PROJECT_LIMIT_EXCEEDED with how many projects to delete. */
	error: string | null;
	onConfirm: () => void;
	onClose: () => void;
};

/** Confirms changing a subscriber's plan or period; the subscription is changed in place. */
export function ChangePlanDialog({ change, busy, error, onConfirm, onClose }: ChangePlanDialogProps) {
	const { t } = useTranslation();
	return (
		<ConfirmDialog
			open={change !== null}
			onClose={onClose}
			title={t('billing.plans.changeTitle')}
			keepLabel={t('billing.plans.keepCurrent')}
			confirmLabel={t('billing.plans.confirmChange')}
			confirmPalette="purple"
			busy={busy}
			onConfirm={onConfirm}
			testIds={{ dialog: 'change-plan-dialog', confirm: 'confirm-change-plan' }}
		>
			{change && <Text>{t('billing.plans.changeText', { plan: change.plan.name, period: t(`plans.periods.${change.period}`) })}</Text>}
			{error && (
				<Alert.Root status="error" mt="4" data-testid="change-plan-error">
					<Alert.Indicator />
					<Alert.Description>{error}</Alert.Description>
				</Alert.Root>
			)}
		</ConfirmDialog>
	);
}
