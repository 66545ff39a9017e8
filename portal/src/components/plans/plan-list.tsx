import { Alert, Button, SimpleGrid, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlans } from '../../lib/plans/get-plans';
import type { BillingPeriod, Plan } from '../../lib/plans/plan';
import { PlanCard } from './plan-card';
import { PlanCardSkeleton } from './plan-card-skeleton';

/** How many skeleton cards to show; plans usually come in threes. */
const SKELETON_CARDS = 3;

type PlanListProps = {
	period: BillingPeriod;
	/** The button of each card. */
	renderAction: (plan: Plan) => ReactNode;
	/** `data-testid` of every card. */
	cardTestId: string;
	detailed?: boolean;
	currentPlanId?: string | null;
};

/** The active plans as cards, with their loading, error (and retry) and empty states. */
export function PlanList({ period, renderAction, cardTestId, detailed = false, currentPlanId = null }: PlanListProps) {
	const { t } = useTranslation();
	const { data: plans, error, isValidating, mutate } = usePlans();

	if (error && !plans) {
		return (
			<Alert.Root status="error" maxW="xl" mx="auto" alignItems="center" data-testid="plans-error">
				<Alert.Indicator />
				<Alert.Content>
					<Alert.Title>{t('plans.error')}</Alert.Title>
				</Alert.Content>
				<Button size="sm" variant="outline" loading={isValidating} onClick={() => void mutate()}>
					{t('common.retry')}
				</Button>
			</Alert.Root>
		);
	}
	// Not SWR's isLoading: that is also true while plans the page started with (a server-drawn page's) are checked again.
	if (!plans) {
		return (
			<SimpleGrid columns={{ base: 1, md: SKELETON_CARDS }} gap="6" aria-busy="true">
				<VisuallyHidden role="status">{t('plans.loading')}</VisuallyHidden>
				{Array.from({ length: SKELETON_CARDS }, (_, index) => (
					<PlanCardSkeleton key={index} />
				))}
			</SimpleGrid>
		);
	}
	if (plans.length === 0) {
		return (
			<Text textAlign="center" color="fg.muted">
				{t('plans.empty')}
			</Text>
		);
	}
	return (
		// One row on wide screens for up to four plans, two per row on tablets: never a lone card.
		<SimpleGrid columns={{ base: 1, md: Math.min(plans.length, 2), xl: Math.min(plans.length, 4) }} gap="6" alignItems="stretch">
			{plans.map((plan) => (
				<PlanCard key={plan.id} plan={plan} period={period} action={renderAction(plan)} testId={cardTestId} detailed={detailed} current={plan.id === currentPlanId} />
			))}
		</SimpleGrid>
	);
}
