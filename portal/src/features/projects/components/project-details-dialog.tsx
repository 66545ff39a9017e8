import { Button, CloseButton, DataList, Dialog, HStack, Portal, Separator, Stack, Text, Wrap } from '@chakra-ui/react';
import type { Project } from '@epic/platform-api';
import { useTranslation } from 'react-i18next';
import { LuExternalLink } from 'react-icons/lu';
import { usePortalConfig } from '../../../lib/portal-config';
import { formatDate } from '../lib/format-date';
import { isProjectOpen, projectAddress, shortProjectId } from '../lib/project-status';
import { CopyButton } from './copy-button';
import { ProjectBackups } from './project-backups';
import { ProjectStatusBadge } from './project-status-badge';
import { ProjectCorsOrigins } from './project-cors-origins';
import { ProjectCredentials } from './project-credentials';
import { ProjectCustomDomain } from './project-custom-domain';
import { ProjectLogs } from './project-logs';
import { ProjectStorage } from './project-storage';
import { ProjectTier } from './project-tier';

/** A project's details: its links, storage and admin credentials (once active), description, dates, backups and custom domain. */
export function ProjectDetailsDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
	const { t } = useTranslation();
	return (
		<Dialog.Root
			open={project !== null}
			onOpenChange={(details) => {
				if (!details.open) onClose();
			}}
			placement="center"
			size={{ base: 'full', md: 'lg' }}
			scrollBehavior="inside"
		>
			<Portal>
				<Dialog.Backdrop />
				<Dialog.Positioner>
					<Dialog.Content data-testid="project-details-dialog">
						{project && <DetailsContent key={project.id} project={project} />}
						<Dialog.CloseTrigger asChild>
							<CloseButton size="sm" aria-label={t('common.close')} />
						</Dialog.CloseTrigger>
					</Dialog.Content>
				</Dialog.Positioner>
			</Portal>
		</Dialog.Root>
	);
}

function DetailsContent({ project }: { project: Project }) {
	const { t, i18n } = useTranslation();
	const { data: portalConfig } = usePortalConfig();
	const open = isProjectOpen(project);
	const created = formatDate(project.date_created, i18n.resolvedLanguage);
	const address = projectAddress(project, portalConfig?.siteHostSuffix);

	return (
		<>
			<Dialog.Header>
				<Stack gap="1" pe="8">
					<HStack gap="3" wrap="wrap">
						<Dialog.Title>{project.name}</Dialog.Title>
						<ProjectStatusBadge status={project.status} />
					</HStack>
					<Text fontSize="xs" color="fg.muted" fontFamily="mono">
						{t('projects.card.id', { id: shortProjectId(project.id) })}
					</Text>
				</Stack>
			</Dialog.Header>
			<Dialog.Body>
				<Stack gap="6">
					{open && (
						<Text fontSize="sm" color="fg.muted" data-testid="details-first-sign-in">
							{t('projects.details.firstSignIn')}
						</Text>
					)}
					{open && (
						<Wrap gap="2">
							{project.url && (
								<Button asChild size="sm" colorPalette="purple">
									<a href={project.url} target="_blank" rel="noopener noreferrer" data-testid="details-open-website">
										<LuExternalLink aria-hidden="true" />
										{t('projects.details.openWebsite')}
									</a>
								</Button>
							)}
							{project.admin_url && (
								<Button asChild size="sm" variant="outline">
									<a href={project.admin_url} target="_blank" rel="noopener noreferrer" data-testid="details-open-admin">
										<LuExternalLink aria-hidden="true" />
										{t('projects.details.openAdmin')}
									</a>
								</Button>
							)}
						</Wrap>
					)}

					<DataList.Root orientation={{ base: 'vertical', sm: 'horizontal' }} size="sm">
						<DataList.Item>
							<DataList.ItemLabel>{t('projects.details.projectUrl')}</DataList.ItemLabel>
							<DataList.ItemValue>
								<HStack gap="2" minW="0">
									<Text wordBreak="break-all" data-testid="details-project-url">
										{address}
									</Text>
									<CopyButton value={address} label={t('projects.details.copyUrl')} />
								</HStack>
							</DataList.ItemValue>
						</DataList.Item>
						<DataList.Item>
							<DataList.ItemLabel>{t('projects.details.description')}</DataList.ItemLabel>
							<DataList.ItemValue data-testid="details-description">{project.description || t('projects.details.noDescription')}</DataList.ItemValue>
						</DataList.Item>
						<DataList.Item>
							<DataList.ItemLabel>{t('projects.details.domain')}</DataList.ItemLabel>
							<DataList.ItemValue data-testid="details-domain">{project.domain ?? t('projects.details.noDomain')}</DataList.ItemValue>
						</DataList.Item>
						<DataList.Item>
							<DataList.ItemLabel>{t('projects.details.template')}</DataList.ItemLabel>
							<DataList.ItemValue data-testid="details-template" data-template={project.template}>
								{t(`projects.templates.${project.template}.name`)}
							</DataList.ItemValue>
						</DataList.Item>
						{created && (
							<DataList.Item>
								<DataList.ItemLabel>{t('projects.details.created')}</DataList.ItemLabel>
								<DataList.ItemValue>{created}</DataList.ItemValue>
							</DataList.Item>
						)}
					</DataList.Root>

					<Separator />
					<ProjectStorage project={project} />
					<Separator />
					<ProjectTier project={project} />
					<Separator />
					<ProjectCredentials project={project} open={open} />
					<Separator />
					<ProjectBackups project={project} />
					<Separator />
					<ProjectCustomDomain project={project} />
					<Separator />
					<ProjectCorsOrigins project={project} />
					<Separator />
					<ProjectLogs project={project} open={open} />
				</Stack>
			</Dialog.Body>
		</>
	);
}
