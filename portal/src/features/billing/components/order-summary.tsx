import { Alert, Card, DataList, Heading, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../lib/api-error';
import { formatUsd } from '../../../lib/format-money';
import { usePlans } from '../../../lib/plans/get-plans';
import { useCheckoutSession } from '../api/get-checkout-session';

/** Plan, period and amount of a checkout, as the server holds them for the session. */
export function OrderSummary({ sessionId }: { sessionId: string }) {
	const { t, i18n } = useTranslation();
	const { data: session, error } = useCheckoutSession(sessionId);
	const { data: plans } = usePlans();
	const money = (amount: number) => formatUsd(amount, i18n.resolvedLanguage);

	return (
		<Card.Root variant="subtle" data-testid="order-summary" aria-busy={!session && !error}>
			<Card.Body gap="4">
				<Heading as="h2" size="md">
					{t('billing.checkout.summary')}
				</Heading>
				{error && !session ? (
					<Alert.Root status="warning">
						<Alert.Indicator />
						<Alert.Description>{getErrorMessage(error)}</Alert.Description>
					</Alert.Root>
				) : !session ? (
					<Stack gap="3">
						<Skeleton height="5" />
						<Skeleton height="5" width="70%" />
						<Skeleton height="8" width="50%" />
					</Stack>
				) : (
					<>
						<DataList.Root orientation="horizontal" gap="3">
							<DataList.Item>
								<DataList.ItemLabel>{t('billing.checkout.plan')}</DataList.ItemLabel>
								<DataList.ItemValue data-testid="order-plan">{plans?.find((plan) => plan.id === session.plan_id)?.name ?? session.plan_id}</DataList.ItemValue>
							</DataList.Item>
							<DataList.Item>
								<DataList.ItemLabel>{t('billing.checkout.period')}</DataList.ItemLabel>
								<DataList.ItemValue data-testid="order-period">{t(`plans.periods.${session.period}`)}</DataList.ItemValue>
							</DataList.Item>
						</DataList.Root>
						<Separator />
						<Stack gap="1">
							<Text fontSize="sm" color="fg.muted">
								{t('billing.checkout.dueToday')}
							</Text>
							<Text fontSize="2xl" fontWeight="bold" data-testid="order-amount">
								{money(session.amount)}
							</Text>
							<Text fontSize="sm" color="fg.muted">
								{t(`plans.billed.${session.period}`, { amount: money(session.amount) })}
							</Text>
						</Stack>
					</>
				)}
			</Card.Body>
		</Card.Root>
	);
}
