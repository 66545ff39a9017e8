import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { usePlans } from '../../../lib/plans/get-plans';
import type { AuthMode } from '../../../config/paths';
import { resolvePlanIntent, type PlanIntent } from '../../../lib/plans/plan-intent';

/**
 * The plan picked on the pricing cards, named on the sign-in and registration form so the visitor
 * sees it was kept. Shown only for an active plan sold in that period; anything else is ignored.
 */
export function PlanIntentNote({ intent, mode }: { intent: PlanIntent; mode: AuthMode }) {
	const { t } = useTranslation();
	const { data: plans } = usePlans();
	const chosen = plans ? resolvePlanIntent(intent, plans) : null;
	if (!chosen) return null;
	return (
		<Alert.Root status="info" variant="subtle" data-testid="plan-intent-note" data-plan-id={chosen.plan.id} data-period={chosen.period}>
			<Alert.Indicator />
			<Alert.Content>
				<Alert.Title>{t('auth.planIntent.title', { plan: chosen.plan.name, period: t(`plans.periods.${chosen.period}`) })}</Alert.Title>
				<Alert.Description>{mode === 'register' ? t('auth.planIntent.text') : t('auth.planIntent.textLogin')}</Alert.Description>
			</Alert.Content>
		</Alert.Root>
	);
}
