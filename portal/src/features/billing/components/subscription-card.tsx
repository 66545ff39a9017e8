import { Alert, Button, Card, Heading, HStack, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { isUnlimitedProjectLimit, type Subscription } from '@epic/platform-api';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCreditCard, LuRotateCcw, LuTriangleAlert, LuX } from 'react-icons/lu';
import { getErrorMessage } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { formatUsd } from '../../../lib/format-money';
import { usePlans } from '../../../lib/plans/get-plans';
import { displayPrice } from '../../../lib/plans/plan-pricing';
import { toaster } from '../../../lib/toaster';
import { cancelSubscription } from '../api/cancel-subscription';
import { reactivateSubscription } from '../api/reactivate-subscription';
import { applySubscriptionChange } from '../api/refresh-billing-state';
import { formatDate } from '../lib/format';
import { describeSubscription, type DateLine } from '../lib/subscription-view';
import { useOpenBillingPortal } from '../lib/use-open-billing-portal';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog';
import { SubscriptionStatusBadge } from './subscription-status-badge';

type SubscriptionCardProps = {
	subscription: Subscription;
	/** The billing portal button; off on the sandbox's billing portal page itself. */
	showPortalButton?: boolean;
};

/** The customer's subscription: plan, status, period, dates and what can be done with it. */
export function SubscriptionCard({ subscription, showPortalButton = true }: SubscriptionCardProps) {
	const { t, i18n } = useTranslation();
	const { user } = useAuth();
	const { data: plans } = usePlans();
	const portal = useOpenBillingPortal();
	const [dialogOpen, setDialogOpen] = useState(false);
	const [busy, setBusy] = useState<'cancel' | 'reactivate' | null>(null);

	const view = describeSubscription(subscription);
	const locale = i18n.resolvedLanguage;
	const money = (amount: number) => formatUsd(amount, locale);
	const endDate = formatDate(subscription.current_period_end, locale);

	// What one payment costs: from the plan list when the plan is still listed, else the monthly price for monthly billing.
	const listedPlan = plans?.find((plan) => plan.id === subscription.plan.id);
	const listedPrice = listedPlan ? displayPrice(listedPlan, subscription.period) : null;
	const billed =
		listedPrice?.kind === 'paid' && listedPrice.period === subscription.period ? listedPrice.total : subscription.period === 'monthly' ? subscription.plan.price_monthly : null;

	const limit = subscription.plan.project_limit;
	const projects = isUnlimitedProjectLimit(limit) ? t('plans.projectsUnlimited') : limit <= 0 ? t('plans.projectsNone') : t('plans.projects', { count: limit });

	const change = async (action: 'cancel' | 'reactivate') => {
		setBusy(action);
		try {
			const updated = action === 'cancel' ? await cancelSubscription() : await reactivateSubscription();
			if (user) await applySubscriptionChange(user.id, updated);
			setDialogOpen(false);
			const until = formatDate(updated.current_period_end, locale);
			toaster.success({
				title: action === 'cancel' ? (until ? t('billing.cancel.doneUntil', { date: until }) : t('billing.cancel.done')) : t('billing.reactivate.done'),
			});
		} catch (error) {
			toaster.error({
				title: action === 'cancel' ? t('billing.cancel.failed') : t('billing.reactivate.failed'),
				description: getErrorMessage(error),
			});
		} finally {
			setBusy(null);
		}
	};

	return (
		<Card.Root data-testid="subscription-card" data-status={subscription.status} data-canceling={view.canceling || undefined} borderColor={view.warning ? 'red.solid' : undefined}>
			<Card.Header>
				<Stack gap="1">
					<Text fontSize="sm" color="fg.muted">
						{t('billing.subscription.currentPlan')}
					</Text>
					<HStack gap="3" wrap="wrap">
						<Heading as="h2" size="xl" data-testid="subscription-plan">
							{subscription.plan.name}
						</Heading>
						<SubscriptionStatusBadge badge={view.badge} />
					</HStack>
				</Stack>
			</Card.Header>
			<Card.Body gap="5">
				<SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
					<Detail label={t('billing.subscription.period')} testId="subscription-period">
						{t(`plans.periods.${subscription.period}`)}
					</Detail>
					{billed !== null && <Detail label={t('billing.subscription.price')}>{t(`plans.billed.${subscription.period}`, { amount: money(billed) })}</Detail>}
					<Detail label={t('billing.subscription.projects')}>{projects}</Detail>
					<SubscriptionDate line={view.dateLine} locale={locale} />
				</SimpleGrid>

				{view.warning && (
					<Alert.Root status="error" data-testid="subscription-warning" data-warning={view.warning}>
						<Alert.Indicator>
							<LuTriangleAlert />
						</Alert.Indicator>
						<Alert.Content>
							<Alert.Title>{t(`billing.warning.${view.warning}.title`)}</Alert.Title>
							<Alert.Description>{t(`billing.warning.${view.warning}.text`)}</Alert.Description>
						</Alert.Content>
					</Alert.Root>
				)}
			</Card.Body>
			{(view.canReactivate || view.canCancel || (showPortalButton && view.canOpenPortal)) && (
				<Card.Footer>
					<Wrap gap="3">
						{view.canReactivate && (
							<Button colorPalette="purple" loading={busy === 'reactivate'} onClick={() => void change('reactivate')} data-testid="reactivate-subscription">
								<LuRotateCcw aria-hidden="true" />
								{t('billing.reactivate.button')}
							</Button>
						)}
						{showPortalButton && view.canOpenPortal && (
							<Button colorPalette="purple" loading={portal.busy} onClick={() => void portal.open()} data-testid="open-billing-portal">
								<LuCreditCard aria-hidden="true" />
								{t('billing.portal.button')}
							</Button>
						)}
						{view.canCancel && (
							<Button variant="outline" colorPalette="red" onClick={() => setDialogOpen(true)} data-testid="cancel-subscription">
								<LuX aria-hidden="true" />
								{t('billing.cancel.button')}
							</Button>
						)}
					</Wrap>
				</Card.Footer>
			)}
			<CancelSubscriptionDialog open={dialogOpen} onOpenChange={setDialogOpen} endDate={endDate} busy={busy === 'cancel'} onConfirm={() => void change('cancel')} />
		</Card.Root>
	);
}

type DetailProps = { label: string; children: ReactNode; testId?: string; kind?: string; color?: string; strong?: boolean };

function Detail({ label, children, testId, kind, color, strong = false }: DetailProps) {
	return (
		<Stack gap="0.5">
			<Text fontSize="sm" color="fg.muted">
				{label}
			</Text>
			<Text data-testid={testId} data-kind={kind} color={color} fontWeight={strong ? 'semibold' : 'medium'}>
				{children}
			</Text>
		</Stack>
	);
}

function SubscriptionDate({ line, locale }: { line: DateLine; locale: string | undefined }) {
	const { t } = useTranslation();
	if (line.kind === 'none') return null;
	const date = formatDate(line.date, locale);
	if (!date) return null;
	return (
		<Detail
			label={t(`billing.subscription.dateLabel.${line.kind}`)}
			testId="subscription-date"
			kind={line.kind}
			color={line.kind === 'cancels' ? 'orange.fg' : line.kind === 'periodEnds' ? 'red.fg' : undefined}
			strong={line.kind === 'cancels'}
		>
			{t(`billing.subscription.dateValue.${line.kind}`, { date })}
		</Detail>
	);
}
