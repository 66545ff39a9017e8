import { Button, Center, Container } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { BillingPeriodSwitch } from '../../../components/plans/billing-period-switch';
import { PlanList } from '../../../components/plans/plan-list';
import { SectionHeading } from '../../../components/ui/section-heading';
import { paths } from '../../../config/paths';
import type { BillingPeriod } from '../../../lib/plans/plan';
import { planIntentFor } from '../../../lib/plans/plan-intent';

/**
 * The landing page's plans. Get started registers with the plan and the period its card shows, so
 * the choice survives registration, the verification email and sign-in into onboarding.
 */
export function PricingSection() {
	const { t } = useTranslation();
	const [period, setPeriod] = useState<BillingPeriod>('monthly');

	return (
		<Container as="section" id="pricing" aria-labelledby="pricing-heading" maxW="6xl" py={{ base: '14', md: '20' }}>
			<SectionHeading id="pricing-heading" title={t('landing.pricing.title')} subtitle={t('landing.pricing.subtitle')} />
			<Center mb="10">
				<BillingPeriodSwitch value={period} onChange={setPeriod} />
			</Center>
			<PlanList
				period={period}
				cardTestId="pricing-plan"
				renderAction={(plan) => (
					<Button asChild w="full" colorPalette="purple" variant={plan.popular ? 'solid' : 'outline'}>
						<RouterLink to={paths.auth.getHref('register', planIntentFor(plan, period))} data-testid={`pricing-get-started-${plan.id}`}>
							{t('landing.pricing.cta')}
						</RouterLink>
					</Button>
				)}
			/>
		</Container>
	);
}
