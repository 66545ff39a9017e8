import { Button, Card, Container, Heading, Icon, List, Stack, Text, Wrap } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import type { IconType } from 'react-icons';
import { useTranslation } from 'react-i18next';
import { LuCircleAlert, LuCircleCheck, LuCircleX, LuClock, LuCheck } from 'react-icons/lu';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { usePlans } from '../../../lib/plans/get-plans';
import { toaster } from '../../../lib/toaster';
import { useCheckoutSession } from '../api/get-checkout-session';
import { refreshBillingState } from '../api/refresh-billing-state';
import { checkoutReturnState } from '../lib/checkout-urls';
import { LoadingState } from './loading-state';

/** /subscription/return?session_id=…: the result of a checkout (docs/product.md, States, Checkout return). */
export function CheckoutReturnPage() {
	const { t } = useTranslation();
	const [searchParams] = useSearchParams();
	const sessionId = searchParams.get('session_id')?.trim() || null;
	const { data: session, error } = useCheckoutSession(sessionId);
	const state = session ? checkoutReturnState(session.status) : null;
	const { data: plans } = usePlans();

	// Once per session: a completed checkout refreshes the subscription and says so; a failure to
	// read the session says that.
	const announced = useRef<string | null>(null);
	useEffect(() => {
		if (!sessionId || announced.current === sessionId) return;
		if (state === 'complete') {
			announced.current = sessionId;
			void refreshBillingState();
			toaster.success({ title: t('billing.return.successToast') });
		} else if (error && !session) {
			announced.current = sessionId;
			toaster.error({ title: t('billing.return.errorToast'), description: getErrorMessage(error) });
		}
	}, [sessionId, state, error, session, t]);

	if (!sessionId) {
		return (
			<ReturnView testId="checkout-return-no-session" icon={LuCircleAlert} tone="red" title={t('billing.return.noSessionTitle')}>
				<Text color="fg.muted">{t('billing.return.noSession')}</Text>
				<Actions>
					<BackToSubscription primary />
				</Actions>
			</ReturnView>
		);
	}

	if (error && !session) {
		return (
			<ReturnView testId="checkout-return-error" icon={LuCircleX} tone="red" title={t('billing.return.errorTitle')}>
				<Text color="fg.muted">{getErrorMessage(error)}</Text>
				<Actions>
					<BackToSubscription primary />
				</Actions>
			</ReturnView>
		);
	}

	if (!session || !state) {
		return (
			<Container maxW="xl" py={{ base: '10', md: '16' }}>
				<LoadingState label={t('billing.return.loading')} testId="checkout-return-loading" />
			</Container>
		);
	}

	const retryHref = paths.subscriptionCheckout.getHref(session.plan_id, session.period);

	if (state === 'open') {
		return (
			<ReturnView testId="checkout-return-open" icon={LuClock} tone="orange" title={t('billing.return.openTitle')}>
				<Text color="fg.muted">{t('billing.return.openText')}</Text>
				<Actions>
					<BackToSubscription />
					<Button asChild colorPalette="purple">
						<RouterLink to={retryHref} data-testid="checkout-try-again">
							{t('common.retry')}
						</RouterLink>
					</Button>
				</Actions>
			</ReturnView>
		);
	}

	if (state === 'expired') {
		return (
			<ReturnView testId="checkout-return-expired" icon={LuCircleAlert} tone="orange" title={t('billing.return.expiredTitle')}>
				<Text color="fg.muted">{t('billing.return.expiredText')}</Text>
				<Actions>
					<BackToSubscription />
					<Button asChild colorPalette="purple">
						<RouterLink to={retryHref} data-testid="checkout-start-new">
							{t('billing.return.startNew')}
						</RouterLink>
					</Button>
				</Actions>
			</ReturnView>
		);
	}

	const planName = plans?.find((plan) => plan.id === session.plan_id)?.name;
	return (
		<ReturnView testId="checkout-return-success" icon={LuCircleCheck} tone="green" title={t('billing.return.successTitle')}>
			{session.customer_email && (
				<Text color="fg.muted" data-testid="checkout-return-email">
					{t('billing.return.confirmationFor', { email: session.customer_email })}
				</Text>
			)}
			<Stack gap="3" w="full" textAlign="start">
				<Heading as="h2" size="sm">
					{t('billing.return.nextTitle')}
				</Heading>
				<List.Root gap="2" variant="plain">
					{[
						planName ? t('billing.return.nextActivePlan', { plan: planName }) : t('billing.return.nextActive'),
						t('billing.return.nextManage'),
						t('billing.return.nextInvoices'),
					].map((item) => (
						<List.Item key={item} alignItems="flex-start">
							<List.Indicator asChild color="green.fg" mt="1">
								<LuCheck aria-hidden="true" />
							</List.Indicator>
							{item}
						</List.Item>
					))}
				</List.Root>
			</Stack>
			<Actions>
				<Button asChild colorPalette="purple">
					<RouterLink to={paths.subscription.getHref()} data-testid="manage-subscription">
						{t('billing.return.manage')}
					</RouterLink>
				</Button>
				<Button asChild variant="outline">
					<RouterLink to={paths.dashboard.getHref()} data-testid="go-to-dashboard">
						{t('billing.return.dashboard')}
					</RouterLink>
				</Button>
			</Actions>
		</ReturnView>
	);
}

type ReturnViewProps = { testId: string; icon: IconType; tone: 'green' | 'orange' | 'red'; title: string; children: ReactNode };

function ReturnView({ testId, icon, tone, title, children }: ReturnViewProps) {
	return (
		<Container maxW="xl" py={{ base: '10', md: '16' }}>
			<Card.Root data-testid={testId}>
				<Card.Body>
					<Stack align="center" gap="5" textAlign="center" role={tone === 'green' ? 'status' : 'alert'}>
						<Icon as={icon} boxSize="14" color={`${tone}.solid`} aria-hidden="true" />
						<Heading as="h1" size="2xl">
							{title}
						</Heading>
						{children}
					</Stack>
				</Card.Body>
			</Card.Root>
		</Container>
	);
}

function Actions({ children }: { children: ReactNode }) {
	return (
		<Wrap justify="center" gap="3" pt="2">
			{children}
		</Wrap>
	);
}

function BackToSubscription({ primary = false }: { primary?: boolean }) {
	const { t } = useTranslation();
	return (
		<Button asChild colorPalette="purple" variant={primary ? 'solid' : 'outline'}>
			<RouterLink to={paths.subscription.getHref()} data-testid="back-to-subscription">
				{t('billing.backToSubscription')}
			</RouterLink>
		</Button>
	);
}
