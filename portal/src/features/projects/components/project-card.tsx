import { Button, Card, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import type { Project } from '@epic/platform-api';
import { useTranslation } from 'react-i18next';
import { LuCopy, LuExternalLink, LuInfo, LuTrash2 } from 'react-icons/lu';
import { formatDate } from '../lib/format-date';
import { isProjectOpen, projectAddress, shortProjectId } from '../lib/project-status';
import type { ProjectUsageView } from '../lib/usage-view';
import { ProjectStatusBadge } from './project-status-badge';
import { ProjectUsageSummary } from './project-usage-summary';

type ProjectCardProps = {
  project: Project;
  publicHost: string | undefined;
  usage: ProjectUsageView;
  onDetails: () => void;
  onDelete: () => void;
  /** Duplicate: a new project from a backup of this one; only a published project has backups. */
  onDuplicate: () => void;
};

/** One project on the dashboard: name, status, address, created date, usage, and what can be done with it. */
export function ProjectCard({ project, publicHost, usage, onDetails, onDelete, onDuplicate }: ProjectCardProps) {
  const { t, i18n } = useTranslation();
  const open = isProjectOpen(project);
  const created = formatDate(project.date_created, i18n.resolvedLanguage);
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
          {projectAddress(project, publicHost)}
        </Text>
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
          <Button size="sm" variant="outline" colorPalette="red" onClick={onDelete} data-testid="project-delete" aria-label={t('projects.card.deleteOf', { name: project.name })}>
            <LuTrash2 aria-hidden="true" />
            {t('projects.card.delete')}
          </Button>
        </Wrap>
      </Card.Footer>
    </Card.Root>
  );
}
