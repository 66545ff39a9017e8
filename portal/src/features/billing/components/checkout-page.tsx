import { Alert, Button, Container, Stack } from '@chakra-ui/react';
import type { Subscription } from '@epic/platform-api';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/use-auth';
import { usePlans } from '../../../lib/plans/get-plans';
import { toaster } from '../../../lib/toaster';
import { applySubscriptionChange } from '../api/refresh-billing-state';
import { readCheckoutTarget } from '../lib/checkout-urls';
import { PaymentStep } from './payment-step';
import { BillingPageHeader } from './billing-page-header';

/** /subscription/checkout?plan=…&period=…: the payment step for a plan chosen on /subscription. */
export function CheckoutPage() {
	const { t } = useTranslation();
	const navigate = useNavigate();
	const { user } = useAuth();
	const [searchParams] = useSearchParams();
	const target = readCheckoutTarget(searchParams);
	const { data: plans } = usePlans();
	const planName = target ? (plans?.find((plan) => plan.id === target.planId)?.name ?? null) : null;

	const backToPlans = useCallback(() => void navigate(paths.subscription.getHref()), [navigate]);

	const onChanged = useCallback(
		(subscription: Subscription) => {
			void (async () => {
				if (user) await applySubscriptionChange(user.id, subscription);
				toaster.success({
					title: t('billing.plans.changed', { plan: subscription.plan.name, period: t(`plans.periods.${subscription.period}`) }),
				});
				await navigate(paths.subscription.getHref(), { replace: true });
			})();
		},
		[navigate, t, user],
	);

	return (
		<Container maxW="5xl" py={{ base: '8', md: '12' }} data-testid="checkout-page">
			<Stack gap="8">
				<BillingPageHeader
					title={t('billing.checkout.title')}
					subtitle={target ? t('billing.checkout.subtitle', { plan: planName ?? target.planId, period: t(`plans.periods.${target.period}`) }) : undefined}
				/>
				{target ? (
					<PaymentStep key={`${target.planId}:${target.period}`} planId={target.planId} period={target.period} onBack={backToPlans} onChanged={onChanged} />
				) : (
					<Alert.Root status="warning" data-testid="checkout-no-plan">
						<Alert.Indicator />
						<Alert.Content>
							<Alert.Title>{t('billing.checkout.noPlan')}</Alert.Title>
						</Alert.Content>
						<Button asChild size="sm" variant="outline">
							<RouterLink to={paths.subscription.getHref()}>{t('billing.checkout.choosePlan')}</RouterLink>
						</Button>
					</Alert.Root>
				)}
			</Stack>
		</Container>
	);
}
