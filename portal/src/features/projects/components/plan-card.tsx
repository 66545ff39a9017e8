import { Button, Card, Heading, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import type { Subscription } from '@epic/platform-api';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatDate } from '../lib/format-date';
import { projectUsage } from '../lib/project-allowance';

/** The plan on the dashboard: projects used of the limit and the next billing date, or a way to subscribe. */
export function PlanCard({ subscription, projectCount }: { subscription: Subscription | null; projectCount: number }) {
	const { t, i18n } = useTranslation();
	if (!subscription) {
		return (
			<Card.Root data-testid="plan-card">
				<Card.Body gap="3" alignItems="flex-start">
					<Heading as="h2" size="md">
						{t('projects.plan.title')}
					</Heading>
					<Text color="fg.muted">{t('projects.plan.none')}</Text>
					<Button asChild size="sm" colorPalette="purple">
						<RouterLink to={paths.subscription.getHref()}>{t('projects.plan.choose')}</RouterLink>
					</Button>
				</Card.Body>
			</Card.Root>
		);
	}

	const usage = projectUsage(projectCount, subscription.plan.project_limit);
	const date = formatDate(subscription.current_period_end, i18n.resolvedLanguage);
	return (
		<Card.Root data-testid="plan-card">
			<Card.Body gap="3">
				<HStack justify="space-between" alignItems="baseline" gap="3" wrap="wrap">
					<Heading as="h2" size="md">
						{t('projects.plan.title')}
					</Heading>
					<Text fontWeight="semibold" data-testid="plan-name">
						{subscription.plan.name}
					</Text>
				</HStack>
				{usage.key === 'unlimited' ? (
					<Text data-testid="plan-usage">{t('projects.plan.usedUnlimited', { used: usage.count })}</Text>
				) : (
					<Stack gap="2">
						<Text data-testid="plan-usage">{t('projects.plan.used', { used: usage.count, limit: usage.limit })}</Text>
						<Progress.Root value={usage.percent} size="sm" colorPalette={usage.percent >= 100 ? 'orange' : 'purple'} aria-label={t('projects.plan.usageLabel')}>
							<Progress.Track>
								<Progress.Range />
							</Progress.Track>
						</Progress.Root>
					</Stack>
				)}
				{date && (
					<Text fontSize="sm" color="fg.muted" data-testid="plan-next-billing">
						{subscription.cancel_at_period_end ? t('projects.plan.endsOn', { date }) : t('projects.plan.nextBilling', { date })}
					</Text>
				)}
				<Button asChild size="sm" variant="outline" alignSelf="flex-start">
					<RouterLink to={paths.subscription.getHref()}>{t('projects.plan.manage')}</RouterLink>
				</Button>
			</Card.Body>
		</Card.Root>
	);
}
