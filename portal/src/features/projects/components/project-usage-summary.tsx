import { HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatChange, formatCount } from '../lib/usage-format';
import type { ProjectUsageView } from '../lib/usage-view';
import { UsageChange } from './usage-change';
import { UsageChart } from './usage-chart';

/** On a project card: its requests in the last 30 days, the change against the 30 before, and the daily chart. */
export function ProjectUsageSummary({ view }: { view: ProjectUsageView }) {
	const { t, i18n } = useTranslation();
	if (view.kind === 'loading') return <Skeleton height="12" rounded="l1" />;
	if (view.kind === 'unavailable') {
		return (
			<Text fontSize="sm" color="fg.muted" data-testid="project-usage-unavailable">
				{t('projects.usage.unavailable')}
			</Text>
		);
	}
	const { usage } = view;
	const locale = i18n.resolvedLanguage;
	return (
		<Stack gap="1.5" data-testid="project-usage">
			<HStack justify="space-between" gap="2" wrap="wrap">
				<Text fontSize="sm" fontWeight="medium" data-testid="project-requests" data-requests={usage.requests}>
					{t('projects.usage.requests', { count: usage.requests, requests: formatCount(usage.requests, locale) })}
				</Text>
				<UsageChange percent={usage.change_percent} fontSize="xs" data-testid="project-requests-change">
					{usage.change_percent === null ? t('projects.usage.noEarlierTraffic') : t('projects.usage.changeVsPrevious', { change: formatChange(usage.change_percent, locale) })}
				</UsageChange>
			</HStack>
			<UsageChart daily={usage.daily} total={usage.requests} />
		</Stack>
	);
}
