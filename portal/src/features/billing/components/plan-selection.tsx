import { Button, Center, Stack } from '@chakra-ui/react';
import type { BillingPeriod, Plan, Subscription } from '@epic/platform-api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BillingPeriodSwitch } from '../../../components/plans/billing-period-switch';
import { PlanList } from '../../../components/plans/plan-list';
import { checkoutPeriod } from '../../../lib/plans/plan-pricing';
import { isCurrentSubscription } from '../lib/subscription-view';

export type PlanSelectionProps = {
	/** Called with the plan and the period it is sold in (the chosen one, or monthly for a monthly-only plan). */
	onSelect: (plan: Plan, period: BillingPeriod) => void;
	/** The customer's subscription, if any: its plan and period are marked and cannot be chosen again. */
	subscription?: Subscription | null;
	/** The plan whose choice is being processed: its button spins, the others wait. */
	pendingPlanId?: string | null;
	initialPeriod?: BillingPeriod;
	/** No plan can be chosen yet (e.g. while the current subscription loads). */
	disabled?: boolean;
	/** Plans that may not be chosen here (e.g. the onboarding wizard wants a plan with projects). */
	canChoose?: (plan: Plan, period: BillingPeriod) => boolean;
	/**
	 * A click anywhere on a card chooses it (the onboarding wizard). The card's button stays the one
	 * control, so keyboard users Tab to it and press Enter or Space.
	 */
	wholeCardSelects?: boolean;
};

/**
 * Stretches the button's hit area over its card: the button gives up its own positioning so its
 * `::after` covers the card (which is `position: relative`).
 */
const WHOLE_CARD = {
	position: 'static',
	_after: { content: '""', position: 'absolute', inset: '0', cursor: 'pointer' },
	_disabled: { _after: { cursor: 'not-allowed' } },
} as const;

/**
 * The period switch and one card per active plan with the full price display (per-month price,
 * struck monthly price, saving). Used by /subscription; the onboarding wizard's "choose plan" step
 * composes it too.
 */
export function PlanSelection({
	onSelect,
	subscription = null,
	pendingPlanId = null,
	initialPeriod = 'monthly',
	disabled = false,
	canChoose = () => true,
	wholeCardSelects = false,
}: PlanSelectionProps) {
	const { t } = useTranslation();
	const [period, setPeriod] = useState<BillingPeriod>(initialPeriod);
	const current = isCurrentSubscription(subscription) ? subscription : null;

	return (
		<Stack gap="8" data-testid="plan-selection">
			<Center>
				<BillingPeriodSwitch value={period} onChange={setPeriod} />
			</Center>
			<PlanList
				period={period}
				cardTestId="plan-card"
				detailed
				currentPlanId={current?.plan.id ?? null}
				renderAction={(plan) => {
					const target = checkoutPeriod(plan, period);
					const isCurrentPlan = current?.plan.id === plan.id;
					const isCurrentChoice = isCurrentPlan && current?.period === target;
					const label = isCurrentChoice
						? t('plans.current')
						: isCurrentPlan
							? t('billing.plans.switchPeriod', { period: t(`plans.periods.${target}`) })
							: current
								? t('billing.plans.changeTo', { plan: plan.name })
								: t('billing.plans.choose', { plan: plan.name });
					return (
						<Button
							w="full"
							colorPalette="purple"
							variant={plan.popular && !isCurrentChoice ? 'solid' : 'outline'}
							disabled={disabled || isCurrentChoice || !canChoose(plan, target) || (pendingPlanId !== null && pendingPlanId !== plan.id)}
							loading={pendingPlanId === plan.id}
							onClick={() => onSelect(plan, target)}
							data-testid={`choose-plan-${plan.id}`}
							data-card-id={`${plan.id}-${target}`}
							{...(wholeCardSelects ? WHOLE_CARD : {})}
						>
							{label}
						</Button>
					);
				}}
			/>
		</Stack>
	);
}
