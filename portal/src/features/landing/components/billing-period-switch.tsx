import { SegmentGroup } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { BillingPeriod } from '../api/plan';
import { BILLING_PERIODS } from '../lib/plan-pricing';

type BillingPeriodSwitchProps = { value: BillingPeriod; onChange: (period: BillingPeriod) => void };

const isBillingPeriod = (value: string | null): value is BillingPeriod =>
  BILLING_PERIODS.some((period) => period === value);

/** Monthly / quarterly / yearly radio group (arrow keys move between options). */
export function BillingPeriodSwitch({ value, onChange }: BillingPeriodSwitchProps) {
  const { t } = useTranslation();
  return (
    <SegmentGroup.Root
      value={value}
      onValueChange={(details) => {
        if (isBillingPeriod(details.value)) onChange(details.value);
      }}
      aria-label={t('landing.pricing.periodLabel')}
      size="md"
      bg="bg.muted"
    >
      <SegmentGroup.Indicator bg="bg" />
      <SegmentGroup.Items
        cursor="pointer"
        items={BILLING_PERIODS.map((period) => ({ value: period, label: t(`landing.pricing.periods.${period}`) }))}
      />
    </SegmentGroup.Root>
  );
}
