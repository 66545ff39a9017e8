import { Badge, Box, Button, Card, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlay } from 'react-icons/lu';
import { getErrorCode, getErrorMessage, getErrorStatus } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { fetchPlans } from '../../../lib/plans/get-plans';
import type { Plan } from '../../../lib/plans/plan';
import { checkoutPeriod } from '../../../lib/plans/plan-pricing';
import { fetchBillingConfig } from '../api/get-billing-config';
import { createCheckoutSession } from '../api/create-checkout-session';
import { fetchSubscription } from '../api/get-subscription';
import { checkoutReturnUrl } from '../lib/checkout-urls';
import { maskKey } from '../lib/format';
import { isCurrentSubscription } from '../lib/subscription-view';

const CHECKS = ['config', 'plans', 'checkout'] as const;
type CheckId = (typeof CHECKS)[number];
type CheckStatus = 'idle' | 'pending' | 'success' | 'error' | 'skipped';
type CheckResult = { status: CheckStatus; result?: unknown };
type Results = Record<CheckId, CheckResult>;

const IDLE: Results = { config: { status: 'idle' }, plans: { status: 'idle' }, checkout: { status: 'idle' } };

const PALETTE: Record<CheckStatus, string> = { idle: 'gray', pending: 'blue', success: 'green', error: 'red', skipped: 'orange' };

/** What an error shows: the message the portal would show, and the server's code and status. */
const describeError = (error: unknown) => ({
	message: getErrorMessage(error),
	code: getErrorCode(error),
	status: getErrorStatus(error),
});

/** The plan the checkout check uses: the first one with a price, else the first one. */
const planToTry = (plans: Plan[]): Plan | undefined => plans.find((plan) => Object.values(plan.pricing).some((price) => price.amount > 0)) ?? plans[0];

/**
 * /stripe-test: a developer page, public. One button runs three checks against the billing API
 * and shows each answer as JSON. Keys and secrets show only their first 20 characters. Creating a
 * checkout session needs a signed-in customer (a visitor sees the server's refusal), and is
 * skipped for a subscriber, whose subscription it would change in place.
 */
export function StripeTestPage() {
	const { t, i18n } = useTranslation();
	const { user } = useAuth();
	const [results, setResults] = useState<Results>(IDLE);
	const [running, setRunning] = useState(false);

	const set = (id: CheckId, result: CheckResult) => setResults((current) => ({ ...current, [id]: result }));

	const run = async () => {
		setRunning(true);
		setResults(IDLE);

		set('config', { status: 'pending' });
		try {
			const config = await fetchBillingConfig();
			set('config', { status: 'success', result: { ...config, publishableKey: maskKey(config.publishableKey) } });
		} catch (error) {
			set('config', { status: 'error', result: describeError(error) });
		}

		set('plans', { status: 'pending' });
		let plans: Plan[] | null = null;
		try {
			plans = await fetchPlans(i18n.resolvedLanguage ?? i18n.language);
			set('plans', { status: 'success', result: plans });
		} catch (error) {
			set('plans', { status: 'error', result: describeError(error) });
		}

		set('checkout', { status: 'pending' });
		const plan = plans ? planToTry(plans) : undefined;
		if (!plan) {
			set('checkout', { status: 'skipped', result: { reason: t('billing.stripeTest.noPlan') } });
		} else {
			try {
				const subscription = user ? await fetchSubscription() : null;
				if (isCurrentSubscription(subscription)) {
					set('checkout', { status: 'skipped', result: { reason: t('billing.stripeTest.subscribed') } });
				} else {
					const period = checkoutPeriod(plan, 'monthly');
					const created = await createCheckoutSession(plan.id, period, checkoutReturnUrl(window.location.origin));
					set('checkout', {
						status: 'success',
						result: {
							request: { plan_id: plan.id, period },
							answer: created.kind === 'checkout' ? { ...created, client_secret: maskKey(created.client_secret) } : created,
						},
					});
				}
			} catch (error) {
				set('checkout', { status: 'error', result: describeError(error) });
			}
		}
		setRunning(false);
	};

	return (
		<Container maxW="4xl" py={{ base: '8', md: '12' }} data-testid="stripe-test-page">
			<Stack gap="8">
				<Stack gap="2">
					<Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
						{t('billing.stripeTest.title')}
					</Heading>
					<Text color="fg.muted">{t('billing.stripeTest.subtitle')}</Text>
					<Text fontSize="sm" color="fg.muted" data-testid="stripe-test-session">
						{user ? t('billing.stripeTest.signedIn', { email: user.email }) : t('billing.stripeTest.signedOut')}
					</Text>
				</Stack>
				<Button colorPalette="purple" alignSelf="flex-start" loading={running} onClick={() => void run()} data-testid="stripe-test-run">
					<LuPlay aria-hidden="true" />
					{t('billing.stripeTest.run')}
				</Button>
				<Stack gap="4" aria-live="polite">
					{CHECKS.map((id) => {
						const { status, result } = results[id];
						return (
							<Card.Root key={id} data-testid={`stripe-test-check-${id}`} data-status={status}>
								<Card.Body gap="3">
									<HStack justify="space-between" gap="3" wrap="wrap">
										<Stack gap="0.5">
											<Heading as="h2" size="md">
												{t(`billing.stripeTest.checks.${id}.title`)}
											</Heading>
											<Text fontSize="sm" color="fg.muted" fontFamily="mono">
												{t(`billing.stripeTest.checks.${id}.call`)}
											</Text>
										</Stack>
										<Badge colorPalette={PALETTE[status]} variant="solid" data-testid={`stripe-test-status-${id}`}>
											{t(`billing.stripeTest.status.${status}`)}
										</Badge>
									</HStack>
									{result !== undefined && (
										<Box
											as="pre"
											data-testid={`stripe-test-result-${id}`}
											bg="bg.muted"
											rounded="md"
											p="3"
											fontSize="xs"
											overflowX="auto"
											maxH="80"
											tabIndex={0}
											aria-label={t('billing.stripeTest.resultLabel', { check: t(`billing.stripeTest.checks.${id}.title`) })}
										>
											{JSON.stringify(result, null, 2)}
										</Box>
									)}
								</Card.Body>
							</Card.Root>
						);
					})}
				</Stack>
			</Stack>
		</Container>
	);
}
