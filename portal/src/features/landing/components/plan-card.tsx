import { Badge, Button, Card, Heading, HStack, List, Separator, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCheck } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { BillingPeriod, Plan } from '../api/plan';
import { UNLIMITED_PROJECTS } from '../lib/plan-pricing';
import { PlanPrice } from './plan-price';

type PlanCardProps = { plan: Plan; period: BillingPeriod };

export function PlanCard({ plan, period }: PlanCardProps) {
  const { t } = useTranslation();
  const projects =
    plan.projectLimit >= UNLIMITED_PROJECTS
      ? t('landing.pricing.projectsUnlimited')
      : plan.projectLimit <= 0
        ? t('landing.pricing.projectsNone')
        : t('landing.pricing.projects', { count: plan.projectLimit });

  return (
    <Card.Root
      data-testid="pricing-plan"
      as="article"
      aria-label={plan.name}
      borderWidth={plan.popular ? '2px' : '1px'}
      borderColor={plan.popular ? 'purple.solid' : 'border'}
      boxShadow={plan.popular ? 'lg' : undefined}
      h="full"
    >
      <Card.Header>
        <HStack justify="space-between" gap="2" minH="6">
          <Heading as="h3" size="lg">
            {plan.name}
          </Heading>
          {plan.popular && (
            <Badge colorPalette="purple" variant="solid" rounded="full">
              {t('landing.pricing.popular')}
            </Badge>
          )}
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        <PlanPrice plan={plan} period={period} />
        <Separator />
        <Text fontWeight="semibold">{projects}</Text>
        {plan.features.length > 0 && (
          <List.Root gap="2" variant="plain">
            {plan.features.map((feature) => (
              <List.Item key={feature} alignItems="flex-start">
                <List.Indicator asChild color="green.fg" mt="1">
                  <LuCheck aria-hidden="true" />
                </List.Indicator>
                {feature}
              </List.Item>
            ))}
          </List.Root>
        )}
      </Card.Body>
      <Card.Footer>
        <Button asChild w="full" colorPalette="purple" variant={plan.popular ? 'solid' : 'outline'}>
          <RouterLink to={paths.auth.getHref('register')}>{t('landing.pricing.cta')}</RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
