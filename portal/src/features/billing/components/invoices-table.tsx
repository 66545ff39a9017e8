import { Button, Table, Text } from '@chakra-ui/react';
import type { Invoice } from '@epic/platform-api';
import { useTranslation } from 'react-i18next';
import { LuPrinter } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatUsd } from '../../../lib/format-money';
import { formatDate } from '../lib/format';
import { InvoiceStatusBadge } from './invoice-status-badge';

/** The sandbox portal's invoices, newest as the server orders them, each with a printable view. */
export function InvoicesTable({ invoices }: { invoices: Invoice[] }) {
	const { t, i18n } = useTranslation();
	const locale = i18n.resolvedLanguage;

	if (invoices.length === 0) {
		return (
			<Text color="fg.muted" data-testid="invoices-empty">
				{t('billing.invoices.empty')}
			</Text>
		);
	}

	return (
		<Table.ScrollArea borderWidth="1px" rounded="md">
			<Table.Root size="sm" data-testid="invoices-table">
				<Table.Header>
					<Table.Row>
						<Table.ColumnHeader>{t('billing.invoices.date')}</Table.ColumnHeader>
						<Table.ColumnHeader>{t('billing.invoices.description')}</Table.ColumnHeader>
						<Table.ColumnHeader textAlign="end">{t('billing.invoices.amount')}</Table.ColumnHeader>
						<Table.ColumnHeader>{t('billing.invoices.statusLabel')}</Table.ColumnHeader>
						<Table.ColumnHeader>
							<Text srOnly>{t('billing.invoices.actions')}</Text>
						</Table.ColumnHeader>
					</Table.Row>
				</Table.Header>
				<Table.Body>
					{invoices.map((invoice) => (
						<Table.Row key={invoice.id} data-testid="invoice-row" data-invoice-id={invoice.id}>
							<Table.Cell whiteSpace="nowrap">{formatDate(invoice.date, locale) ?? invoice.date}</Table.Cell>
							<Table.Cell>
								{invoice.plan_name} · {t(`plans.periods.${invoice.period}`)}
							</Table.Cell>
							<Table.Cell textAlign="end" whiteSpace="nowrap" data-testid="invoice-amount">
								{formatUsd(invoice.amount, locale)}
							</Table.Cell>
							<Table.Cell>
								<InvoiceStatusBadge status={invoice.status} />
							</Table.Cell>
							<Table.Cell textAlign="end">
								<Button asChild size="xs" variant="outline">
									<RouterLink
										to={paths.billingPortalInvoice.getHref(invoice.id)}
										aria-label={t('billing.invoices.viewLabel', { date: formatDate(invoice.date, locale) ?? invoice.date })}
										data-testid="invoice-view"
									>
										<LuPrinter aria-hidden="true" />
										{t('billing.invoices.view')}
									</RouterLink>
								</Button>
							</Table.Cell>
						</Table.Row>
					))}
				</Table.Body>
			</Table.Root>
		</Table.ScrollArea>
	);
}
