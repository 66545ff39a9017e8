import { Alert, Button, Center, Container, SimpleGrid, Text, VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from '../../../components/ui/section-heading';
import { usePlans } from '../api/get-plans';
import type { BillingPeriod } from '../api/plan';
import { BillingPeriodSwitch } from './billing-period-switch';
import { PlanCard } from './plan-card';
import { PlanCardSkeleton } from './plan-card-skeleton';

/** How many skeleton cards to show; plans usually come in threes. */
const SKELETON_CARDS = 3;

export function PricingSection() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const { data: plans, error, isLoading, isValidating, mutate } = usePlans();

  return (
    <Container as="section" id="pricing" aria-labelledby="pricing-heading" maxW="6xl" py={{ base: '14', md: '20' }}>
      <SectionHeading id="pricing-heading" title={t('landing.pricing.title')} subtitle={t('landing.pricing.subtitle')} />
      <Center mb="10">
        <BillingPeriodSwitch value={period} onChange={setPeriod} />
      </Center>

      {error && !plans ? (
        <Alert.Root status="error" maxW="xl" mx="auto" alignItems="center">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('landing.pricing.error')}</Alert.Title>
          </Alert.Content>
          <Button size="sm" variant="outline" loading={isValidating} onClick={() => void mutate()}>
            {t('common.retry')}
          </Button>
        </Alert.Root>
      ) : isLoading || !plans ? (
        <SimpleGrid columns={{ base: 1, md: SKELETON_CARDS }} gap="6" aria-busy="true">
          <VisuallyHidden role="status">{t('landing.pricing.loading')}</VisuallyHidden>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <PlanCardSkeleton key={index} />
          ))}
        </SimpleGrid>
      ) : plans.length === 0 ? (
        <Text textAlign="center" color="fg.muted">
          {t('landing.pricing.empty')}
        </Text>
      ) : (
        // One row on wide screens for up to four plans, two per row on tablets: never a lone card.
        <SimpleGrid
          columns={{ base: 1, md: Math.min(plans.length, 2), xl: Math.min(plans.length, 4) }}
          gap="6"
          alignItems="stretch"
        >
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} period={period} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
