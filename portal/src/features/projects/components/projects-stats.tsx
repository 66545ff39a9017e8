import { Card, SimpleGrid, Skeleton, Stat } from '@chakra-ui/react';
import type { Project } from '@epic/platform-api';
import { useTranslation } from 'react-i18next';
import { isProjectOpen } from '../lib/project-status';
import { formatChange, formatCount } from '../lib/usage-format';
import type { UsageView } from '../lib/usage-view';
import { UsageChange } from './usage-change';

/**
 * The dashboard's stats: active projects from the list, and the router's request counts of the last
 * 30 days with the change against the 30 before (docs/product.md). Without counts it says why.
 */
export function ProjectsStats({ projects, usage }: { projects: Project[]; usage: UsageView }) {
	const { t, i18n } = useTranslation();
	const locale = i18n.resolvedLanguage;
	const active = projects.filter(isProjectOpen).length;

	return (
		<SimpleGrid as="section" columns={{ base: 1, sm: 3 }} gap="4" aria-label={t('projects.stats.label')} data-testid="projects-stats">
			<Card.Root variant="outline">
				<Card.Body>
					<Stat.Root>
						<Stat.Label>{t('projects.stats.active')}</Stat.Label>
						<Stat.ValueText data-testid="stat-active-projects">{formatCount(active, locale)}</Stat.ValueText>
					</Stat.Root>
				</Card.Body>
			</Card.Root>
			<Card.Root variant="outline">
				<Card.Body>
					<Stat.Root>
						<Stat.Label>{t('projects.stats.requests')}</Stat.Label>
						{usage.kind === 'loading' ? (
							<Skeleton height="8" width="24" />
						) : usage.kind === 'unavailable' ? (
							<>
								<Stat.ValueText fontSize="lg" data-testid="stat-requests-unavailable" data-reason={usage.reason}>
									{t('projects.usage.unavailable')}
								</Stat.ValueText>
								{/* A <dl> holds only <dt> and <dd>: the reason is one more description of the figure. */}
								<Stat.HelpText as="dd">{t(`projects.usage.why.${usage.reason}`)}</Stat.HelpText>
							</>
						) : (
							<Stat.ValueText data-testid="stat-requests" data-requests={usage.total.requests}>
								{formatCount(usage.total.requests, locale)}
							</Stat.ValueText>
						)}
					</Stat.Root>
				</Card.Body>
			</Card.Root>
			<Card.Root variant="outline">
				<Card.Body>
					<Stat.Root>
						<Stat.Label>{t('projects.stats.change')}</Stat.Label>
						{usage.kind === 'loading' ? (
							<Skeleton height="8" width="24" />
						) : usage.kind === 'unavailable' ? (
							<Stat.ValueText fontSize="lg" color="fg.muted" data-testid="stat-change-unavailable">
								{t('projects.usage.unavailable')}
							</Stat.ValueText>
						) : (
							<UsageChange
								as="dd"
								percent={usage.total.change_percent}
								fontSize={usage.total.change_percent === null ? 'lg' : '2xl'}
								fontWeight="semibold"
								data-testid="stat-change"
								data-change={usage.total.change_percent ?? undefined}
							>
								{usage.total.change_percent === null ? t('projects.usage.noEarlierTraffic') : formatChange(usage.total.change_percent, locale)}
							</UsageChange>
						)}
					</Stat.Root>
				</Card.Body>
			</Card.Root>
		</SimpleGrid>
	);
}
