import { Alert, Button, Card, Container, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { BillingPeriod, Plan } from '@epic/platform-api';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCircleHelp, LuReceipt } from 'react-icons/lu';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { toaster } from '../../../lib/toaster';
import { createCheckoutSession } from '../api/create-checkout-session';
import { useSubscription } from '../api/get-subscription';
import { applySubscriptionChange, refreshBillingState } from '../api/refresh-billing-state';
import { checkoutReturnUrl, readCheckoutOutcome, withoutCheckoutOutcome } from '../lib/checkout-urls';
import { isCurrentSubscription } from '../lib/subscription-view';
import { ChangePlanDialog } from './change-plan-dialog';
import { PlanSelection } from './plan-selection';
import { SubscriptionCard } from './subscription-card';

type PlanChange = { plan: Plan; period: BillingPeriod };

/** /subscription: the current subscription, the plans, and the way to support. */
export function SubscriptionPage() {
	const { t } = useTranslation();
	const navigate = useNavigate();
	const location = useLocation();
	const { user } = useAuth();
	const [searchParams, setSearchParams] = useSearchParams();
	const subscription = useSubscription();
	const [change, setChange] = useState<PlanChange | null>(null);
	const [changeBusy, setChangeBusy] = useState(false);
	const [changeError, setChangeError] = useState<string | null>(null);

	// ?success=true / ?canceled=true from a checkout: one toast per visit, then the flags leave the URL.
	const outcome = readCheckoutOutcome(searchParams);
	const handledOutcome = useRef<string | null>(null);
	useEffect(() => {
		if (!outcome || handledOutcome.current === location.key) return;
		handledOutcome.current = location.key;
		if (outcome === 'success') {
			toaster.success({ title: t('billing.checkout.successToast') });
			void refreshBillingState();
		} else {
			toaster.error({ title: t('billing.checkout.canceledToast') });
		}
		setSearchParams(withoutCheckoutOutcome(searchParams), { replace: true });
	}, [outcome, location.key, searchParams, setSearchParams, t]);

	const current = isCurrentSubscription(subscription.data) ? subscription.data : null;

	const onSelect = (plan: Plan, period: BillingPeriod) => {
		if (current) {
			setChangeError(null);
			setChange({ plan, period });
		} else {
			void navigate(paths.subscriptionCheckout.getHref(plan.id, period));
		}
	};

	const confirmChange = async () => {
		if (!change) return;
		setChangeBusy(true);
		setChangeError(null);
		try {
			const created = await createCheckoutSession(change.plan.id, change.period, checkoutReturnUrl(window.location.origin));
			if (created.kind === 'changed') {
				if (user) await applySubscriptionChange(user.id, created.subscription);
				toaster.success({
					title: t('billing.plans.changed', {
						plan: created.subscription.plan.name,
						period: t(`plans.periods.${created.subscription.period}`),
					}),
				});
				setChange(null);
			} else {
				// The server wants a payment after all (e.g. the old subscription could not be changed in
				// place): the payment page opens a checkout of its own; this one expires unused.
				await navigate(paths.subscriptionCheckout.getHref(change.plan.id, change.period));
			}
		} catch (error) {
			setChangeError(getErrorMessage(error));
		} finally {
			setChangeBusy(false);
		}
	};

	return (
		<Container maxW="6xl" py={{ base: '8', md: '12' }} data-testid="subscription-page">
			<Stack gap="10">
				<Stack gap="2">
					<Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
						{t('billing.subscription.title')}
					</Heading>
					<Text color="fg.muted">{t('billing.subscription.subtitle')}</Text>
				</Stack>

				<section aria-label={t('billing.subscription.currentPlan')}>
					{subscription.error && subscription.data === undefined ? (
						<Alert.Root status="error" alignItems="center" data-testid="subscription-error">
							<Alert.Indicator />
							<Alert.Content>
								<Alert.Title>{t('billing.subscription.loadFailed')}</Alert.Title>
								<Alert.Description>{getErrorMessage(subscription.error)}</Alert.Description>
							</Alert.Content>
							<Button size="sm" variant="outline" loading={subscription.isValidating} onClick={() => void subscription.mutate()}>
								{t('common.retry')}
							</Button>
						</Alert.Root>
					) : subscription.data === undefined ? (
						<Card.Root aria-busy="true">
							<Card.Body gap="4">
								<Skeleton height="5" width="30%" />
								<Skeleton height="8" width="50%" />
								<Skeleton height="16" />
							</Card.Body>
						</Card.Root>
					) : subscription.data ? (
						<SubscriptionCard subscription={subscription.data} />
					) : (
						<Card.Root variant="subtle" data-testid="subscription-none">
							<Card.Body gap="2">
								<Heading as="h2" size="lg">
									{t('billing.subscription.noneTitle')}
								</Heading>
								<Text color="fg.muted">{t('billing.subscription.noneText')}</Text>
							</Card.Body>
						</Card.Root>
					)}
				</section>

				<Stack as="section" id="plans" aria-labelledby="plans-heading" gap="6">
					<Stack gap="2" textAlign="center">
						<Heading id="plans-heading" as="h2" size="2xl">
							{current ? t('billing.plans.changeHeading') : t('billing.plans.heading')}
						</Heading>
						<Text color="fg.muted">{t('billing.plans.subtitle')}</Text>
					</Stack>
					<PlanSelection
						onSelect={onSelect}
						subscription={subscription.data ?? null}
						disabled={subscription.data === undefined && !subscription.error}
						pendingPlanId={changeBusy ? (change?.plan.id ?? null) : null}
						initialPeriod={current?.period ?? 'monthly'}
						key={current?.period ?? 'none'}
					/>
				</Stack>

				<Card.Root variant="subtle">
					<Card.Body>
						<HStack justify="space-between" gap="4" wrap="wrap">
							<Stack gap="1">
								<Heading as="h2" size="md">
									{t('billing.support.title')}
								</Heading>
								<Text color="fg.muted">{t('billing.support.text')}</Text>
							</Stack>
							<HStack gap="3" wrap="wrap">
								<Button asChild variant="outline">
									<RouterLink to={paths.payments.getHref()} data-testid="payment-history-link">
										<LuReceipt aria-hidden="true" />
										{t('billing.payments.link')}
									</RouterLink>
								</Button>
								<Button asChild colorPalette="purple" variant="outline">
									<RouterLink to={paths.help.getHref()} data-testid="contact-support">
										<LuCircleHelp aria-hidden="true" />
										{t('billing.support.button')}
									</RouterLink>
								</Button>
							</HStack>
						</HStack>
					</Card.Body>
				</Card.Root>
			</Stack>

			<ChangePlanDialog change={change} busy={changeBusy} error={changeError} onConfirm={() => void confirmChange()} onClose={() => setChange(null)} />
		</Container>
	);
}
