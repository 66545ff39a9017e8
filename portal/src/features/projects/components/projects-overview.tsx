import { Alert, Button, Card, Grid, GridItem, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { Project, Subscription } from '@epic/platform-api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuFolderPlus, LuPlus, LuSparkles } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { usePortalConfig } from '../../../lib/portal-config';
import { useProjects } from '../api/get-projects';
import { useProjectsUsage } from '../api/get-projects-usage';
import { createBlock } from '../lib/project-allowance';
import { projectUsageView, usageView } from '../lib/usage-view';
import { DeleteProjectDialog } from './delete-project-dialog';
import { DuplicateProjectDialog } from './duplicate-project-dialog';
import { PlanCard } from './plan-card';
import { ProjectCard } from './project-card';
import { ProjectDetailsDialog } from './project-details-dialog';
import { ProjectsStats } from './projects-stats';

export type ProjectsOverviewProps = {
	/** The current subscription: null when there is none, undefined while it loads. */
	subscription: Subscription | null | undefined;
	subscriptionError: unknown;
};

/**
 * The dashboard's projects: the stats row, Create Project, one card per project with its usage, the
 * plan card and, at the limit, an upgrade prompt.
 */
export function ProjectsOverview({ subscription, subscriptionError }: ProjectsOverviewProps) {
	const { t } = useTranslation();
	const projects = useProjects();
	const usageAnswer = useProjectsUsage();
	const { data: portalConfig } = usePortalConfig();
	const [detailsId, setDetailsId] = useState<string | null>(null);
	const [deleting, setDeleting] = useState<Project | null>(null);
	const [duplicating, setDuplicating] = useState<Project | null>(null);

	const list = projects.data;
	const subscriptionKnown = subscription !== undefined || Boolean(subscriptionError);
	const block = list && subscription !== undefined ? createBlock(subscription, list.length) : null;
	const canCreate = list !== undefined && subscription !== undefined && block === null;
	const details = list?.find((project) => project.id === detailsId) ?? null;
	const usage = usageView(usageAnswer.data, usageAnswer.error);

	return (
		<Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="6" alignItems="start">
			{list && list.length > 0 && (
				<GridItem colSpan={{ base: 1, lg: 2 }}>
					<ProjectsStats projects={list} usage={usage} />
				</GridItem>
			)}
			<Stack gap="4" minW="0">
				<HStack justify="space-between" gap="3" wrap="wrap">
					<Heading as="h2" size="lg">
						{t('dashboard.projects.title')}
					</Heading>
					{canCreate ? (
						<Button asChild colorPalette="purple" size="sm">
							<RouterLink to={paths.newProject.getHref()} data-testid="create-project">
								<LuPlus aria-hidden="true" />
								{t('projects.create')}
							</RouterLink>
						</Button>
					) : (
						<Button colorPalette="purple" size="sm" disabled aria-describedby={block ? 'create-project-blocked' : undefined} data-testid="create-project">
							<LuPlus aria-hidden="true" />
							{t('projects.create')}
						</Button>
					)}
				</HStack>

				{block && (
					<Alert.Root status={block === 'limitReached' ? 'warning' : 'info'} data-testid="create-project-blocked" data-reason={block}>
						<Alert.Indicator>
							<LuSparkles />
						</Alert.Indicator>
						<Alert.Content>
							<Alert.Title id="create-project-blocked">{t(`projects.blocked.${block}.title`)}</Alert.Title>
							<Alert.Description>{t(`projects.blocked.${block}.text`)}</Alert.Description>
						</Alert.Content>
						<Button asChild size="sm" colorPalette="purple" variant="solid" alignSelf="center">
							<RouterLink to={paths.subscription.getHref()} data-testid="upgrade-link">
								{t(block === 'noSubscription' ? 'projects.blocked.subscribe' : 'projects.blocked.upgrade')}
							</RouterLink>
						</Button>
					</Alert.Root>
				)}

				{projects.error ? (
					<Alert.Root status="error" data-testid="projects-error">
						<Alert.Indicator />
						<Alert.Content>
							<Alert.Title>{t('projects.loadFailed')}</Alert.Title>
							<Alert.Description>{getErrorMessage(projects.error)}</Alert.Description>
						</Alert.Content>
						<Button size="sm" variant="outline" onClick={() => void projects.mutate()}>
							{t('common.retry')}
						</Button>
					</Alert.Root>
				) : list === undefined ? (
					<Stack gap="4" role="status" aria-label={t('common.loading')}>
						<Skeleton height="40" rounded="l2" />
					</Stack>
				) : list.length === 0 ? (
					<Card.Root variant="outline" data-testid="projects-empty">
						<Card.Body gap="3" alignItems="center" textAlign="center" py="10">
							<LuFolderPlus size="40" aria-hidden="true" />
							<Heading as="h3" size="md">
								{t('projects.empty.title')}
							</Heading>
							<Text color="fg.muted" maxW="md">
								{t('projects.empty.text')}
							</Text>
							<Button asChild colorPalette="purple" variant="outline" size="sm" mt="2">
								<RouterLink to={paths.onboarding.getHref()} data-testid="projects-empty-onboarding">
									{t('onboarding.dashboardLink')}
								</RouterLink>
							</Button>
						</Card.Body>
					</Card.Root>
				) : (
					<SimpleGrid columns={{ base: 1, md: 2 }} gap="4" data-testid="project-list">
						{list.map((project) => (
							<ProjectCard
								key={project.id}
								project={project}
								siteHostSuffix={portalConfig?.siteHostSuffix}
								usage={projectUsageView(usage, project.id)}
								onDetails={() => setDetailsId(project.id)}
								onDelete={() => setDeleting(project)}
								onDuplicate={() => setDuplicating(project)}
							/>
						))}
					</SimpleGrid>
				)}
			</Stack>

			<Stack gap="4">
				{subscriptionError && subscription === undefined ? (
					<Alert.Root status="error">
						<Alert.Indicator />
						<Alert.Description>{getErrorMessage(subscriptionError)}</Alert.Description>
					</Alert.Root>
				) : !subscriptionKnown || list === undefined ? (
					<Skeleton height="40" rounded="l2" />
				) : (
					<PlanCard subscription={subscription ?? null} projectCount={list.length} />
				)}
			</Stack>

			<ProjectDetailsDialog project={details} onClose={() => setDetailsId(null)} />
			<DeleteProjectDialog project={deleting} onClose={() => setDeleting(null)} />
			<DuplicateProjectDialog source={duplicating} onClose={() => setDuplicating(null)} />
		</Grid>
	);
}
