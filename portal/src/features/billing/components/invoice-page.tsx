import { Alert, Box, Button, Container, Flex, Heading, HStack, Separator, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft, LuPrinter } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { formatUsd } from '../../../lib/format-money';
import { useSandboxPortal } from '../api/get-sandbox-portal';
import { formatDate } from '../lib/format';
import { InvoiceStatusBadge } from './invoice-status-badge';

/**
 * /billing-portal/invoices/:invoiceId: one invoice laid out for printing (`window.print()`); the
 * app's navigation, footer and this page's buttons are left out of the print.
 */
export function InvoicePage() {
	const { t, i18n } = useTranslation();
	const { invoiceId } = useParams();
	const { user } = useAuth();
	const portal = useSandboxPortal();
	const locale = i18n.resolvedLanguage;
	const invoice = portal.data?.invoices.find((candidate) => candidate.id === invoiceId);
	const money = (amount: number) => formatUsd(amount, locale);
	const date = (iso: string) => formatDate(iso, locale) ?? iso;

	return (
		<Container maxW="3xl" py={{ base: '8', md: '12' }} data-testid="invoice-page">
			<HStack justify="space-between" mb="6" gap="3" wrap="wrap" _print={{ display: 'none' }}>
				<Button asChild variant="ghost" size="sm" px="2">
					<RouterLink to={paths.billingPortal.getHref()} data-testid="back-to-billing-portal">
						<LuArrowLeft aria-hidden="true" />
						{t('billing.invoices.back')}
					</RouterLink>
				</Button>
				{invoice && (
					<Button colorPalette="purple" onClick={() => window.print()} data-testid="print-invoice">
						<LuPrinter aria-hidden="true" />
						{t('billing.invoices.print')}
					</Button>
				)}
			</HStack>

			{portal.error && !portal.data ? (
				<Alert.Root status="error">
					<Alert.Indicator />
					<Alert.Content>
						<Alert.Title>{t('billing.portalPage.loadFailed')}</Alert.Title>
						<Alert.Description>{getErrorMessage(portal.error)}</Alert.Description>
					</Alert.Content>
				</Alert.Root>
			) : !portal.data ? (
				<Skeleton height="80" aria-busy="true" />
			) : !invoice ? (
				<Alert.Root status="warning" data-testid="invoice-not-found">
					<Alert.Indicator />
					<Alert.Title>{t('billing.invoices.notFound')}</Alert.Title>
				</Alert.Root>
			) : (
				<Box as="article" borderWidth="1px" rounded="lg" p={{ base: '5', md: '10' }} bg="bg" _print={{ borderWidth: '0', p: '0' }}>
					<Stack gap="8">
						<Flex justify="space-between" gap="4" wrap="wrap">
							<Stack gap="1">
								<Heading as="h1" size="2xl">
									{t('billing.invoices.invoice')}
								</Heading>
								<Text color="fg.muted" fontSize="sm" data-testid="invoice-number">
									{t('billing.invoices.number', { id: invoice.id })}
								</Text>
							</Stack>
							<Stack gap="1" textAlign={{ base: 'start', sm: 'end' }}>
								<Text fontWeight="bold">{t('app.name')}</Text>
								<Text fontSize="sm" color="fg.muted">
									{t('billing.invoices.issued', { date: date(invoice.date) })}
								</Text>
								<Box>
									<InvoiceStatusBadge status={invoice.status} />
								</Box>
							</Stack>
						</Flex>

						{user && (
							<Stack gap="1">
								<Text fontSize="sm" color="fg.muted">
									{t('billing.invoices.billedTo')}
								</Text>
								<Text fontWeight="semibold">{user.name}</Text>
								{user.name !== user.email && <Text>{user.email}</Text>}
							</Stack>
						)}

						<Table.Root size="sm">
							<Table.Header>
								<Table.Row>
									<Table.ColumnHeader>{t('billing.invoices.description')}</Table.ColumnHeader>
									<Table.ColumnHeader>{t('billing.invoices.servicePeriod')}</Table.ColumnHeader>
									<Table.ColumnHeader textAlign="end">{t('billing.invoices.amount')}</Table.ColumnHeader>
								</Table.Row>
							</Table.Header>
							<Table.Body>
								<Table.Row>
									<Table.Cell>{t('billing.invoices.line', { plan: invoice.plan_name, period: t(`plans.periods.${invoice.period}`) })}</Table.Cell>
									<Table.Cell>
										{date(invoice.period_start)} – {date(invoice.period_end)}
									</Table.Cell>
									<Table.Cell textAlign="end">{money(invoice.amount)}</Table.Cell>
								</Table.Row>
							</Table.Body>
						</Table.Root>

						<Separator />
						<HStack justify="flex-end" gap="6">
							<Text fontWeight="semibold">{t('billing.invoices.total')}</Text>
							<Text fontSize="xl" fontWeight="bold" data-testid="invoice-total">
								{money(invoice.amount)}
							</Text>
						</HStack>
					</Stack>
				</Box>
			)}
		</Container>
	);
}
