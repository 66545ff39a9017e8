import { Badge, Box, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../lib/format-money';
import type { BillingPeriod, Plan } from '../../lib/plans/plan';
import { displayPrice } from '../../lib/plans/plan-pricing';

type PlanPriceProps = {
	plan: Plan;
	period: BillingPeriod;
	/**
	 * Also strike through the monthly price beside a cheaper per-month price and box the amount saved
	 * per payment (the subscription page); the landing page shows the shorter form.
	 */
	detailed?: boolean;
};

/** Price block of a plan card: per-month price, what is billed, and the saving. */
export function PlanPrice({ plan, period, detailed = false }: PlanPriceProps) {
	const { t, i18n } = useTranslation();
	const price = displayPrice(plan, period);
	const money = (amount: number) => formatUsd(amount, i18n.resolvedLanguage);

	if (price.kind === 'free') {
		return (
			<Text fontSize="4xl" fontWeight="bold" data-testid="plan-price">
				{t('plans.free')}
			</Text>
		);
	}
	if (price.kind === 'unavailable') {
		return <Text color="fg.muted">{t('plans.unavailable')}</Text>;
	}

	const struck = detailed ? price.originalPerMonth : null;
	const saved = detailed && price.period !== 'monthly' ? price.savedAmount : null;

	return (
		<Stack gap="1">
			<HStack align="baseline" gap="2" wrap="wrap">
				<Text fontSize="4xl" fontWeight="bold" data-testid="plan-price">
					{money(price.perMonth)}
				</Text>
				{struck !== null && (
					<>
						<Text as="s" fontSize="xl" color="fg.muted" aria-hidden="true" data-testid="plan-original-price">
							{money(struck)}
						</Text>
						<VisuallyHidden>{t('plans.regularPrice', { amount: money(struck) })}</VisuallyHidden>
					</>
				)}
				<Text color="fg.muted">{t('plans.perMonth')}</Text>
			</HStack>
			<HStack gap="2" wrap="wrap" minH="6">
				<Text fontSize="sm" color="fg.muted">
					{t(`plans.billed.${price.period}`, { amount: money(price.total) })}
				</Text>
				{price.savePercent !== null && (
					<Badge colorPalette="green" variant="subtle" data-testid="plan-save-badge">
						{t('plans.save', { percent: price.savePercent })}
					</Badge>
				)}
			</HStack>
			{price.period !== period && (
				<Text fontSize="xs" color="fg.muted">
					{t('plans.monthlyOnly')}
				</Text>
			)}
			{/* The period check also narrows the translation key to the periods that can save. */}
			{saved !== null && price.period !== 'monthly' && (
				<Box mt="2" px="3" py="2" rounded="md" bg="green.subtle" color="green.fg" fontSize="sm" fontWeight="medium" data-testid="plan-saved-amount">
					{t(`plans.saved.${price.period}`, { amount: money(saved) })}
				</Box>
			)}
		</Stack>
	);
}
