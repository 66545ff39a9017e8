import { Alert, DataList, Heading, Stack, Text } from '@chakra-ui/react';
import type { Project, ProjectTier as TierFigures, TierFigure } from '@epic/platform-api';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../lib/api-error';
import { useProjectTier } from '../api/get-project-tier';
import { ProjectLicenceKey } from './project-licence-key';

type Available = Extract<TierFigures, { available: true }>;

/**
 * The site's Directus tier in its details dialog, as the site itself reports it: the licence
 * ("Core" without a key), Studio seats, collections and active flows against their limits, and
 * what happens past them. Nothing is shown that the site did not say. Below, the owner's licence
 * key for the site (project-licence-key.tsx).
 */
export function ProjectTier({ project }: { project: Project }) {
	const { t } = useTranslation();
	const published = project.status === 'published';
	const tier = useProjectTier(project.id, published);

	return (
		<Stack gap="3" data-testid="project-tier">
			<Heading as="h3" size="sm">
				{t('projects.tier.title')}
			</Heading>
			{!published ? (
				<Text fontSize="sm" color="fg.muted">
					{t('projects.tier.later')}
				</Text>
			) : tier.error ? (
				<Alert.Root status="error" size="sm">
					<Alert.Indicator />
					<Alert.Description>{getErrorMessage(tier.error, t('projects.tier.loadFailed'))}</Alert.Description>
				</Alert.Root>
			) : !tier.data ? (
				<Text fontSize="sm" color="fg.muted" role="status">
					{t('common.loading')}
				</Text>
			) : !tier.data.available ? (
				<Text fontSize="sm" color="fg.muted" data-testid="tier-unavailable" data-reason={tier.data.reason}>
					{t(`projects.tier.why.${tier.data.reason}`)}
				</Text>
			) : (
				<Figures tier={tier.data} />
			)}
			<ProjectLicenceKey project={project} />
		</Stack>
	);
}

function Figures({ tier }: { tier: Available }) {
	const { t } = useTranslation();
	const over = [tier.seats, tier.collections, tier.flows].some((figure) => figure.used !== null && figure.limit !== null && figure.used > figure.limit);
	const rows = [
		{ key: 'seats', label: t('projects.tier.seats'), figure: tier.seats },
		{ key: 'collections', label: t('projects.tier.collections'), figure: tier.collections },
		{ key: 'flows', label: t('projects.tier.flows'), figure: tier.flows },
	];
	return (
		<Stack gap="3">
			<Text data-testid="tier-name">{t('projects.tier.name', { name: tier.name ?? t('projects.tier.unnamed') })}</Text>
			<DataList.Root orientation="horizontal" size="sm">
				{rows.map(({ key, label, figure }) => (
					<DataList.Item key={key}>
						<DataList.ItemLabel>{label}</DataList.ItemLabel>
						<DataList.ItemValue data-testid={`tier-${key}`}>
							<FigureText figure={figure} />
						</DataList.ItemValue>
					</DataList.Item>
				))}
			</DataList.Root>
			{!tier.custom_permission_rules && (
				<Text fontSize="sm" color="fg.muted">
					{t('projects.tier.noCustomRules')}
				</Text>
			)}
			<Alert.Root status={over || tier.status === 'grace' || tier.status === 'locked' ? 'warning' : 'info'} size="sm" data-testid="tier-limits">
				<Alert.Indicator />
				<Alert.Description>{t(tier.status === 'locked' ? 'projects.tier.locked' : 'projects.tier.pastLimits')}</Alert.Description>
			</Alert.Root>
		</Stack>
	);
}

function FigureText({ figure }: { figure: TierFigure }) {
	const { t } = useTranslation();
	if (figure.used === null) return t('projects.tier.notReported');
	return figure.limit === null ? t('projects.tier.usedNoLimit', { used: figure.used }) : t('projects.tier.used', { used: figure.used, limit: figure.limit });
}
