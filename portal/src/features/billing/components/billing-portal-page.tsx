import { Alert, Button, Card, Container, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { BillingPageHeader } from './billing-page-header';
import { getErrorMessage } from '../../../lib/api-error';
import { useSandboxPortal } from '../api/get-sandbox-portal';
import { CardOnFile } from './card-on-file';
import { InvoicesTable } from './invoices-table';
import { SubscriptionCard } from './subscription-card';

/**
 * /billing-portal: the sandbox provider's billing portal (its `create-billing-portal-session`
 * answers this page's URL). Invoices with a printable view, the card on file, and the
 * subscription with cancel and reactivate.
 */
export function BillingPortalPage() {
	const { t } = useTranslation();
	const portal = useSandboxPortal();

	return (
		<Container maxW="5xl" py={{ base: '8', md: '12' }} data-testid="billing-portal-page">
			<Stack gap="8">
				<BillingPageHeader title={t('billing.portalPage.title')} subtitle={t('billing.portalPage.subtitle')} />

				{portal.error && !portal.data ? (
					<Alert.Root status="error" alignItems="center" data-testid="billing-portal-error">
						<Alert.Indicator />
						<Alert.Content>
							<Alert.Title>{t('billing.portalPage.loadFailed')}</Alert.Title>
							<Alert.Description>{getErrorMessage(portal.error)}</Alert.Description>
						</Alert.Content>
						<Button size="sm" variant="outline" loading={portal.isValidating} onClick={() => void portal.mutate()}>
							{t('common.retry')}
						</Button>
					</Alert.Root>
				) : !portal.data ? (
					<Stack gap="6" aria-busy="true">
						<Skeleton height="40" />
						<Skeleton height="24" />
						<Skeleton height="40" />
					</Stack>
				) : (
					<>
						<Stack as="section" aria-labelledby="portal-subscription" gap="3">
							<Heading id="portal-subscription" as="h2" size="lg">
								{t('billing.portalPage.subscription')}
							</Heading>
							{portal.data.subscription ? (
								<SubscriptionCard subscription={portal.data.subscription} showPortalButton={false} />
							) : (
								<Text color="fg.muted" data-testid="subscription-none">
									{t('billing.subscription.noneText')}
								</Text>
							)}
						</Stack>
						<Stack as="section" aria-labelledby="portal-card" gap="3">
							<Heading id="portal-card" as="h2" size="lg">
								{t('billing.portalPage.card')}
							</Heading>
							<Card.Root>
								<Card.Body>
									<CardOnFile card={portal.data.card} />
								</Card.Body>
							</Card.Root>
						</Stack>
						<Stack as="section" aria-labelledby="portal-invoices" gap="3">
							<Heading id="portal-invoices" as="h2" size="lg">
								{t('billing.portalPage.invoices')}
							</Heading>
							<InvoicesTable invoices={portal.data.invoices} />
						</Stack>
					</>
				)}
			</Stack>
		</Container>
	);
}
