import { Alert, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import type { Payment } from '@epic/platform-api';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../lib/api-error';
import { usePayments } from '../api/get-payments';
import { formatDate } from '../lib/format';

function formatAmount(payment: Payment, locale: string | undefined): string {
	return new Intl.NumberFormat(locale, { style: 'currency', currency: payment.currency.toUpperCase() }).format(payment.amount);
}

/** The customer's latest payments, newest first: date, what it paid for, the period, the amount. */
export function PaymentsList() {
	const { t, i18n } = useTranslation();
	const locale = i18n.resolvedLanguage;
	const payments = usePayments();

	if (payments.error && payments.data === undefined) {
		return (
			<Alert.Root status="error" data-testid="payments-error">
				<Alert.Indicator />
				<Alert.Content>
					<Alert.Title>{t('billing.payments.list.loadFailed')}</Alert.Title>
					<Alert.Description>{getErrorMessage(payments.error)}</Alert.Description>
				</Alert.Content>
			</Alert.Root>
		);
	}
	if (payments.data === undefined) return <Skeleton height="24" />;
	if (payments.data.length === 0) {
		return (
			<Text color="fg.muted" data-testid="payments-empty">
				{t('billing.payments.list.empty')}
			</Text>
		);
	}
	return (
		<Stack gap="2">
			<Table.ScrollArea borderWidth="1px" rounded="md">
				<Table.Root size="sm" data-testid="payments-table">
					<Table.Caption captionSide="top" textAlign="start" srOnly>
						{t('billing.payments.list.title')}
					</Table.Caption>
					<Table.Header>
						<Table.Row>
							<Table.ColumnHeader>{t('billing.payments.list.date')}</Table.ColumnHeader>
							<Table.ColumnHeader>{t('billing.payments.list.description')}</Table.ColumnHeader>
							<Table.ColumnHeader textAlign="end">{t('billing.payments.list.amount')}</Table.ColumnHeader>
						</Table.Row>
					</Table.Header>
					<Table.Body>
						{payments.data.map((payment) => {
							const start = formatDate(payment.period_start, locale);
							const end = formatDate(payment.period_end, locale);
							return (
								<Table.Row key={payment.id} data-testid="payment-row" data-payment-id={payment.id}>
									<Table.Cell whiteSpace="nowrap">{formatDate(payment.date, locale)}</Table.Cell>
									<Table.Cell>
										<Text>{payment.description ?? t('billing.payments.list.noDescription')}</Text>
										{start && end && (
											<Text fontSize="xs" color="fg.muted">
												{t('billing.payments.list.period', { start, end })}
											</Text>
										)}
									</Table.Cell>
									<Table.Cell textAlign="end" whiteSpace="nowrap" data-testid="payment-amount">
										{formatAmount(payment, locale)}
									</Table.Cell>
								</Table.Row>
							);
						})}
					</Table.Body>
				</Table.Root>
			</Table.ScrollArea>
		</Stack>
	);
}
