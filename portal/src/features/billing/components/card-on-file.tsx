import { HStack, Icon, Stack, Text } from '@chakra-ui/react';
import type { CardOnFile as Card } from '@epic/platform-api';
import { useTranslation } from 'react-i18next';
import { LuCreditCard } from 'react-icons/lu';
import { formatCardExpiry } from '../lib/format';

/** The card the sandbox charges: brand, last four digits, expiry, cardholder. */
export function CardOnFile({ card }: { card: Card | null }) {
	const { t } = useTranslation();
	if (!card) {
		return (
			<Text color="fg.muted" data-testid="card-on-file-none">
				{t('billing.portalPage.noCard')}
			</Text>
		);
	}
	return (
		<HStack gap="4" data-testid="card-on-file">
			<Icon as={LuCreditCard} boxSize="8" color="purple.solid" aria-hidden="true" />
			<Stack gap="0.5">
				<Text fontWeight="semibold">
					<Text as="span" textTransform="capitalize" data-testid="card-brand">
						{card.brand}
					</Text>{' '}
					<Text as="span" data-testid="card-last4">
						{t('billing.portalPage.endingIn', { last4: card.last4 })}
					</Text>
				</Text>
				<Text fontSize="sm" color="fg.muted">
					<span data-testid="card-expiry-date">{t('billing.portalPage.expires', { date: formatCardExpiry(card.exp_month, card.exp_year) })}</span>
					{card.cardholder && ` · ${card.cardholder}`}
				</Text>
			</Stack>
		</HStack>
	);
}
