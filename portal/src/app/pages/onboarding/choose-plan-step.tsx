import { Button, HStack, Stack } from '@chakra-ui/react';
import type { BillingPeriod, Subscription } from '@epic/platform-api';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft, LuArrowRight } from 'react-icons/lu';
import { PlanSelection } from '../../../features/billing';
import { isPurchasableForProjects } from '../../../lib/plans/plan-intent';
import { planCardId } from './lib/plan-card-id';

type ChoosePlanStepProps = {
	subscription: Subscription | null;
	initialPeriod: BillingPeriod | undefined;
	/** The card chosen before (coming back from the payment step), if any. */
	cardId: string | null;
	onChoose: (cardId: string) => void;
	onBack: () => void;
	onContinue: () => void;
};

/**
 * Step 2: the plan cards. Choosing a card (its button, or a click anywhere on it) goes on to the
 * payment; Continue does the same for a card chosen before. Plans without projects cannot be chosen.
 */
export function ChoosePlanStep({ subscription, initialPeriod, cardId, onChoose, onBack, onContinue }: ChoosePlanStepProps) {
	const { t } = useTranslation();
	return (
		<Stack gap="8">
			<PlanSelection
				subscription={subscription}
				initialPeriod={initialPeriod}
				canChoose={isPurchasableForProjects}
				wholeCardSelects
				onSelect={(plan, period) => onChoose(planCardId(plan.id, period))}
			/>
			<HStack justify="space-between" gap="3">
				<Button variant="outline" onClick={onBack} data-testid="onboarding-back">
					<LuArrowLeft aria-hidden="true" />
					{t('onboarding.back')}
				</Button>
				<Button colorPalette="purple" disabled={cardId === null} onClick={onContinue} data-testid="onboarding-continue">
					{t('onboarding.continue')}
					<LuArrowRight aria-hidden="true" />
				</Button>
			</HStack>
		</Stack>
	);
}
