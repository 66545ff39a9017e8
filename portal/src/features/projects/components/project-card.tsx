import { Button, Card, Heading, HStack, IconButton, Stack, Text, Wrap } from '@chakra-ui/react';
import type { Project } from '@epic/platform-api';
import { useTranslation } from 'react-i18next';
import { LuCopy, LuExternalLink, LuInfo, LuTrash2 } from 'react-icons/lu';
import { formatDate } from '../lib/format-date';
import { customDomainState, isProjectOpen, projectAddress, shortProjectId } from '../lib/project-status';
import type { ProjectUsageView } from '../lib/usage-view';
import { ProjectStatusBadge } from './project-status-badge';
import { ProjectUsageSummary } from './project-usage-summary';

type ProjectCardProps = {
	project: Project;
	siteHostSuffix: string | undefined;
	usage: ProjectUsageView;
	onDetails: () => void;
	onDelete: () => void;
	/** Duplicate: a new project from a backup of this one; only a published project has backups. */
	onDuplicate: () => void;
};

/** One project on the dashboard: name, status, address, created date, usage, and what can be done with it. */
export function ProjectCard({ project, siteHostSuffix, usage, onDetails, onDelete, onDuplicate }: ProjectCardProps) {
	const { t, i18n } = useTranslation();
	const open = isProjectOpen(project);
	const created = formatDate(project.date_created, i18n.resolvedLanguage);
	const domainState = customDomainState(project);
	return (
		<Card.Root data-testid="project-card" data-project-id={project.id}>
			<Card.Body gap="3">
				<HStack justify="space-between" alignItems="flex-start" gap="3">
					<Stack gap="0.5" minW="0">
						<Heading as="h3" size="md" truncate data-testid="project-name">
							{project.name}
						</Heading>
						<Text fontSize="xs" color="fg.muted" fontFamily="mono" title={project.id}>
							{t('projects.card.id', { id: shortProjectId(project.id) })}
						</Text>
					</Stack>
					<ProjectStatusBadge status={project.status} />
				</HStack>
				<Text fontSize="sm" wordBreak="break-all" data-testid="project-address">
					{projectAddress(project, siteHostSuffix)}
				</Text>
				{(domainState === 'waiting' || domainState === 'failing') && (
					<Text fontSize="sm" color="fg.muted" wordBreak="break-word" data-testid="project-domain-state" data-state={domainState}>
						{t(domainState === 'waiting' ? 'projects.card.domainWaiting' : 'projects.card.domainFailing', { domain: project.domain })}
					</Text>
				)}
				{created && (
					<Text fontSize="sm" color="fg.muted">
						{t('projects.card.created', { date: created })}
					</Text>
				)}
				<ProjectUsageSummary view={usage} />
				<Text fontSize="sm" color="fg.muted" data-testid="project-credentials-hint">
					{open ? t('projects.card.credentialsReady') : t('projects.card.credentialsLater')}
				</Text>
			</Card.Body>
			<Card.Footer>
				<HStack justify="space-between" alignItems="flex-start" gap="2" width="full">
					<Wrap gap="2">
						{open && project.admin_url && (
							<Button asChild size="sm" colorPalette="purple">
								<a href={project.admin_url} target="_blank" rel="noopener noreferrer" data-testid="project-open-cms">
									<LuExternalLink aria-hidden="true" />
									{t('projects.card.openCms')}
								</a>
							</Button>
						)}
						<Button size="sm" variant="outline" onClick={onDetails} data-testid="project-details" aria-label={t('projects.card.detailsOf', { name: project.name })}>
							<LuInfo aria-hidden="true" />
							{t('projects.card.details')}
						</Button>
						{project.status === 'published' && (
							<Button size="sm" variant="outline" onClick={onDuplicate} data-testid="project-duplicate" aria-label={t('projects.card.duplicateOf', { name: project.name })}>
								<LuCopy aria-hidden="true" />
								{t('projects.card.duplicate')}
							</Button>
						)}
					</Wrap>
					{/* An icon of its own at the end: it never wraps onto a line of its own under the others. */}
					<IconButton
						size="sm"
						variant="outline"
						colorPalette="red"
						onClick={onDelete}
						data-testid="project-delete"
						aria-label={t('projects.card.deleteOf', { name: project.name })}
						title={t('projects.card.delete')}
					>
						<LuTrash2 aria-hidden="true" />
					</IconButton>
				</HStack>
			</Card.Footer>
		</Card.Root>
	);
}
