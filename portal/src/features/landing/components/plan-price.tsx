import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../lib/format-money';
import type { BillingPeriod, Plan } from '../api/plan';
import { displayPrice } from '../lib/plan-pricing';

type PlanPriceProps = { plan: Plan; period: BillingPeriod };

/** Price block of a plan card: per-month price, what is billed, and the saving. */
export function PlanPrice({ plan, period }: PlanPriceProps) {
  const { t, i18n } = useTranslation();
  const price = displayPrice(plan, period);
  const money = (amount: number) => formatUsd(amount, i18n.resolvedLanguage);

  if (price.kind === 'free') {
    return (
      <Text fontSize="4xl" fontWeight="bold">
        {t('landing.pricing.free')}
      </Text>
    );
  }
  if (price.kind === 'unavailable') {
    return <Text color="fg.muted">{t('landing.pricing.unavailable')}</Text>;
  }

  return (
    <Stack gap="1">
      <HStack align="baseline" gap="1">
        <Text fontSize="4xl" fontWeight="bold">
          {money(price.perMonth)}
        </Text>
        <Text color="fg.muted">{t('landing.pricing.perMonth')}</Text>
      </HStack>
      <HStack gap="2" wrap="wrap" minH="6">
        <Text fontSize="sm" color="fg.muted">
          {t(`landing.pricing.billed.${price.period}`, { amount: money(price.total) })}
        </Text>
        {price.savePercent !== null && (
          <Badge colorPalette="green" variant="subtle">
            {t('landing.pricing.save', { percent: price.savePercent })}
          </Badge>
        )}
      </HStack>
      {price.period !== period && (
        <Text fontSize="xs" color="fg.muted">
          {t('landing.pricing.monthlyOnly')}
        </Text>
      )}
    </Stack>
  );
}
