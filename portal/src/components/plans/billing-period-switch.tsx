import { SegmentGroup } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { BillingPeriod } from '../../lib/plans/plan';
import { BILLING_PERIODS, isBillingPeriod } from '../../lib/plans/plan-pricing';

type BillingPeriodSwitchProps = { value: BillingPeriod; onChange: (period: BillingPeriod) => void };

/**
 * Monthly / quarterly / yearly radio group (arrow keys move between options). Each option has
 * `data-testid="period-{period}"` and the group `billing-period-switch`.
 */
export function BillingPeriodSwitch({ value, onChange }: BillingPeriodSwitchProps) {
	const { t } = useTranslation();
	return (
		<SegmentGroup.Root
			value={value}
			onValueChange={(details) => {
				if (isBillingPeriod(details.value)) onChange(details.value);
			}}
			aria-label={t('plans.periodLabel')}
			data-testid="billing-period-switch"
			size="md"
			bg="bg.muted"
		>
			<SegmentGroup.Indicator bg="bg" />
			{BILLING_PERIODS.map((period) => (
				<SegmentGroup.Item key={period} value={period} cursor="pointer" data-testid={`period-${period}`}>
					<SegmentGroup.ItemText>{t(`plans.periods.${period}`)}</SegmentGroup.ItemText>
					<SegmentGroup.ItemHiddenInput />
				</SegmentGroup.Item>
			))}
		</SegmentGroup.Root>
	);
}
