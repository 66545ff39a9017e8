import { Alert, Button, Card, Container, Heading, Icon, List, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCreditCard, LuFileText, LuRefreshCw, LuShieldCheck } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { BillingPageHeader } from './billing-page-header';
import { getErrorMessage } from '../../../lib/api-error';
import { useBillingConfig } from '../api/get-billing-config';
import { useSubscription } from '../api/get-subscription';
import { hasBillingAccount } from '../lib/subscription-view';
import { useOpenBillingPortal } from '../lib/use-open-billing-portal';
import { PaymentsList } from './payments-list';

const OFFERS = [
	{ id: 'invoices', icon: LuFileText },
	{ id: 'card', icon: LuCreditCard },
	{ id: 'subscription', icon: LuRefreshCw },
] as const;

/** /payments: the customer's latest payments, then what the billing portal offers for the rest and the way into it. */
export function PaymentsPage() {
	const { t } = useTranslation();
	const subscription = useSubscription();
	const config = useBillingConfig();
	const portal = useOpenBillingPortal();
	const withAccount = hasBillingAccount(subscription.data);

	return (
		<Container maxW="3xl" py={{ base: '8', md: '12' }} data-testid="payments-page">
			<Stack gap="8">
				<BillingPageHeader title={t('billing.payments.title')} subtitle={t('billing.payments.subtitle')} />

				{withAccount && (
					<Card.Root data-testid="payments-history">
						<Card.Body gap="4">
							<Heading as="h2" size="md">
								{t('billing.payments.list.title')}
							</Heading>
							<PaymentsList />
						</Card.Body>
					</Card.Root>
				)}

				<Card.Root>
					<Card.Body gap="6">
						<List.Root gap="4" variant="plain">
							{OFFERS.map((offer) => (
								<List.Item key={offer.id} alignItems="flex-start" gap="3">
									<Icon as={offer.icon} boxSize="5" color="purple.solid" mt="0.5" aria-hidden="true" />
									<Stack gap="0.5">
										<Text fontWeight="semibold">{t(`billing.payments.offers.${offer.id}.title`)}</Text>
										<Text color="fg.muted" fontSize="sm">
											{t(`billing.payments.offers.${offer.id}.text`)}
										</Text>
									</Stack>
								</List.Item>
							))}
						</List.Root>

						{subscription.error && subscription.data === undefined ? (
							<Alert.Root status="error" data-testid="subscription-error">
								<Alert.Indicator />
								<Alert.Content>
									<Alert.Title>{t('billing.subscription.loadFailed')}</Alert.Title>
									<Alert.Description>{getErrorMessage(subscription.error)}</Alert.Description>
								</Alert.Content>
							</Alert.Root>
						) : subscription.data === undefined ? (
							<Skeleton height="10" width={{ base: 'full', sm: '60' }} />
						) : withAccount ? (
							<Button
								colorPalette="purple"
								size="lg"
								alignSelf={{ base: 'stretch', sm: 'flex-start' }}
								loading={portal.busy}
								onClick={() => void portal.open()}
								data-testid="payments-action"
								data-action="portal"
							>
								<LuCreditCard aria-hidden="true" />
								{t('billing.portal.button')}
							</Button>
						) : (
							<Stack gap="3" align="flex-start">
								<Text color="fg.muted">{t('billing.payments.noSubscription')}</Text>
								<Button asChild colorPalette="purple" size="lg" data-testid="payments-action" data-action="subscription">
									<RouterLink to={paths.subscription.getHref()}>{t('billing.payments.choosePlan')}</RouterLink>
								</Button>
							</Stack>
						)}
					</Card.Body>
				</Card.Root>

				{config.data && (
					<Alert.Root status="info" variant="subtle" data-testid="security-note" data-provider={config.data.provider}>
						<Alert.Indicator>
							<LuShieldCheck />
						</Alert.Indicator>
						<Alert.Content>
							<Alert.Title>{t('billing.payments.security.title')}</Alert.Title>
							<Alert.Description>{t(`billing.payments.security.${config.data.provider}`)}</Alert.Description>
						</Alert.Content>
					</Alert.Root>
				)}
			</Stack>
		</Container>
	);
}
