import { Alert, Button, Card, Heading, Icon, Stack, Text, Wrap } from '@chakra-ui/react';
import type { BillingPeriod, Subscription } from '@epic/platform-api';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft, LuCircleAlert } from 'react-icons/lu';
import { getErrorCode, getErrorMessage, getErrorStatus } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { useBillingConfig } from '../api/get-billing-config';
import { useNewCheckoutSession } from '../api/create-checkout-session';
import { checkoutReturnUrl } from '../lib/checkout-urls';
import { AuthRequired } from './auth-required';
import { LoadingState } from './loading-state';
import { SandboxCheckoutForm } from './sandbox-checkout-form';

const StripeEmbeddedCheckout = lazy(() => import('./stripe-embedded-checkout'));

export type PaymentStepProps = {
	planId: string;
	period: BillingPeriod;
	/**
	 * In-app path the checkout returns to; the session id is appended as `session_id`. Defaults to
	 * /subscription/return. The onboarding wizard passes its own step.
	 */
	returnPath?: string;
	/** Go Back: leave the payment step (to the plans). */
	onBack: () => void;
	/** A subscriber's plan was changed in place, so there is nothing to pay here. */
	onChanged: (subscription: Subscription) => void;
};

/** A fresh key for a new checkout session (Try Again must not reuse the cached one). */
const newAttempt = (): string => crypto.randomUUID();

const isUnauthenticated = (error: unknown): boolean => getErrorStatus(error) === 401 || getErrorCode(error) === 'NOT_AUTHENTICATED';

/**
 * Pays for a plan: creates the checkout session, then shows Stripe's embedded checkout or, with
 * the sandbox provider, the portal's own card form. Used by /subscription/checkout and composed
 * by the onboarding wizard.
 */
export function PaymentStep({ planId, period, returnPath, onBack, onChanged }: PaymentStepProps) {
	const { t } = useTranslation();
	const { user } = useAuth();
	const [attempt, setAttempt] = useState(newAttempt);
	const config = useBillingConfig();
	const returnUrl = checkoutReturnUrl(window.location.origin, returnPath);
	const checkout = useNewCheckoutSession(user ? { userId: user.id, planId, period, returnUrl, attempt } : null);

	// An in-place change is reported once per session answer, not on every render.
	const reported = useRef<unknown>(null);
	useEffect(() => {
		const created = checkout.data;
		if (created?.kind === 'changed' && reported.current !== created) {
			reported.current = created;
			onChanged(created.subscription);
		}
	}, [checkout.data, onChanged]);

	const retry = () => {
		setAttempt(newAttempt());
		if (config.error) void config.mutate();
	};

	if (!user || isUnauthenticated(checkout.error)) return <AuthRequired />;

	const error = config.error ?? checkout.error;
	if (error) {
		return (
			<Card.Root maxW="lg" mx="auto" data-testid="payment-init-error">
				<Card.Body>
					<Stack align="center" gap="4" textAlign="center" role="alert">
						<Icon as={LuCircleAlert} boxSize="10" color="red.solid" aria-hidden="true" />
						<Heading as="h2" size="lg">
							{t('billing.checkout.initFailed')}
						</Heading>
						<Text color="fg.muted" data-testid="payment-init-error-message">
							{getErrorMessage(error)}
						</Text>
						<Wrap justify="center" gap="3">
							<Button variant="outline" onClick={onBack} data-testid="payment-go-back">
								<LuArrowLeft aria-hidden="true" />
								{t('billing.checkout.goBack')}
							</Button>
							<Button colorPalette="purple" onClick={retry} data-testid="payment-try-again">
								{t('common.retry')}
							</Button>
						</Wrap>
					</Stack>
				</Card.Body>
			</Card.Root>
		);
	}

	if (!config.data || !checkout.data) {
		return <LoadingState label={t('billing.checkout.preparing')} testId="payment-loading" />;
	}

	if (checkout.data.kind === 'changed') {
		return <LoadingState label={t('billing.checkout.changed')} testId="payment-changed" />;
	}

	const { provider, publishableKey } = config.data;
	if (provider === 'stripe') {
		if (!publishableKey) {
			return (
				<Alert.Root status="error" data-testid="payment-init-error">
					<Alert.Indicator />
					<Alert.Content>
						<Alert.Title>{t('billing.checkout.initFailed')}</Alert.Title>
						<Alert.Description>{t('billing.checkout.noPublishableKey')}</Alert.Description>
					</Alert.Content>
				</Alert.Root>
			);
		}
		return (
			<Suspense fallback={<LoadingState label={t('billing.checkout.preparing')} testId="payment-loading" />}>
				<StripeEmbeddedCheckout publishableKey={publishableKey} clientSecret={checkout.data.client_secret} />
			</Suspense>
		);
	}

	return <SandboxCheckoutForm sessionId={checkout.data.id} returnUrl={returnUrl} email={user.email} />;
}
