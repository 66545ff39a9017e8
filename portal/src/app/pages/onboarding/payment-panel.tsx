import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft } from 'react-icons/lu';
import { PaymentStep } from '../../../features/billing';
import { usePlans } from '../../../lib/plans/get-plans';
import { PAYMENT_RETURN_PATH } from './lib/payment-return';
import { parsePlanCardId } from './lib/plan-card-id';

type PaymentPanelProps = {
	/** The chosen card, `{planId}-{period}`. */
	cardId: string | null;
	onBack: () => void;
	/** The plan was changed in place (the customer had become a subscriber meanwhile). */
	onChanged: () => void;
	onNoPlan: () => void;
};

/**
 * Step 3: billing's payment step for the chosen plan, returning to `/onboarding?step=4&success=true`
 * once paid.
 */
export function PaymentPanel({ cardId, onBack, onChanged, onNoPlan }: PaymentPanelProps) {
	const { t } = useTranslation();
	const { data: plans } = usePlans();
	const choice = cardId ? parsePlanCardId(cardId) : null;

	if (!choice) {
		return (
			<Alert.Root status="warning" data-testid="onboarding-no-plan">
				<Alert.Indicator />
				<Alert.Content>
					<Alert.Title>{t('onboarding.payment.noPlan')}</Alert.Title>
				</Alert.Content>
				<Button size="sm" variant="outline" onClick={onNoPlan}>
					{t('onboarding.payment.choosePlan')}
				</Button>
			</Alert.Root>
		);
	}

	const planName = plans?.find((plan) => plan.id === choice.planId)?.name ?? choice.planId;
	return (
		<Stack gap="6">
			<Text data-testid="onboarding-payment-plan" data-plan-id={choice.planId} data-period={choice.period}>
				{t('onboarding.payment.paying', { plan: planName, period: t(`plans.periods.${choice.period}`) })}
			</Text>
			<PaymentStep key={cardId} planId={choice.planId} period={choice.period} returnPath={PAYMENT_RETURN_PATH} onBack={onBack} onChanged={onChanged} />
			<HStack>
				<Button variant="outline" onClick={onBack} data-testid="onboarding-back">
					<LuArrowLeft aria-hidden="true" />
					{t('onboarding.back')}
				</Button>
			</HStack>
		</Stack>
	);
}
