import { Alert, Badge, Button, Heading, HStack, List, Spinner, Stack, Text } from '@chakra-ui/react';
import type { Project, ProjectBackup, ProjectRestoreJob, RestoreStep } from '@epic/platform-api';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCircleCheck, LuCircleX, LuCopyPlus, LuDatabaseBackup, LuDownload, LuHistory } from 'react-icons/lu';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { getErrorMessage } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { toaster } from '../../../lib/toaster';
import { createBackup } from '../api/create-backup';
import { downloadBackup } from '../api/download-backup';
import { refreshBackups, useProjectBackups } from '../api/get-backups';
import { useRestoreJob } from '../api/get-restore-job';
import { startRestore } from '../api/start-restore';
import { formatBytes, formatDateTime } from '../lib/backup-format';
import { DuplicateProjectDialog } from './duplicate-project-dialog';

/**
 * The project's backups in its details dialog: the list (time, kind, size), Back up now, Download,
 * and Restore behind a confirmation, with the restore's real steps shown while it runs; Restore into a
 * new project opens the copy dialog with the row's backup (docs/product.md, Copies).
 */
export function ProjectBackups({ project }: { project: Project }) {
	const { t, i18n } = useTranslation();
	const { user } = useAuth();
	const published = project.status === 'published';
	const backups = useProjectBackups(project.id, published);
	const [creating, setCreating] = useState(false);
	const [confirming, setConfirming] = useState<ProjectBackup | null>(null);
	const [copying, setCopying] = useState<ProjectBackup | null>(null);
	const [starting, setStarting] = useState(false);
	const [jobId, setJobId] = useState<string | null>(null);
	const job = useRestoreJob(project.id, jobId);
	const restoring = starting || job.data?.state === 'running' || (jobId !== null && !job.data);

	const refresh = async () => {
		if (user) await refreshBackups(user.id, project.id);
	};

	const backUpNow = async () => {
		setCreating(true);
		try {
			await createBackup(project.id);
			await refresh();
			toaster.success({ title: t('projects.backups.created') });
		} catch (error) {
			toaster.error({ title: t('projects.backups.createFailed'), description: getErrorMessage(error) });
		} finally {
			setCreating(false);
		}
	};

	const restore = async (backup: ProjectBackup) => {
		setStarting(true);
		try {
			const started = await startRestore(project.id, backup.id);
			setJobId(started.id);
			setConfirming(null);
		} catch (error) {
			toaster.error({ title: t('projects.backups.restoreFailed'), description: getErrorMessage(error) });
		} finally {
			setStarting(false);
		}
	};

	return (
		<Stack gap="3" data-testid="project-backups">
			<HStack justify="space-between" gap="2" wrap="wrap">
				<Stack gap="1">
					<Heading as="h3" size="sm">
						{t('projects.backups.title')}
					</Heading>
					<Text fontSize="sm" color="fg.muted">
						{t('projects.backups.intro')}
					</Text>
				</Stack>
				{published && (
					<Button size="sm" variant="outline" loading={creating} disabled={restoring} onClick={() => void backUpNow()} data-testid="backup-now">
						<LuDatabaseBackup aria-hidden="true" />
						{t('projects.backups.backUpNow')}
					</Button>
				)}
			</HStack>
			{!published ? (
				<Text fontSize="sm" color="fg.muted">
					{t('projects.backups.later')}
				</Text>
			) : (
				<>
					{jobId && <RestoreProgress key={jobId} job={job.data} error={job.error} onFinished={() => void refresh()} />}
					<BackupList
						backups={backups.data}
						error={backups.error}
						busy={restoring}
						onDownload={(backup) =>
							void downloadBackup(project.id, backup.id).catch((error: unknown) =>
								toaster.error({ title: t('projects.backups.downloadFailed'), description: getErrorMessage(error) }),
							)
						}
						onRestore={setConfirming}
						onRestoreIntoNew={setCopying}
					/>
				</>
			)}
			<ConfirmDialog
				open={confirming !== null}
				onClose={() => setConfirming(null)}
				title={t('projects.backups.restoreTitle')}
				keepLabel={t('projects.backups.restoreKeep')}
				confirmLabel={t('projects.backups.restoreConfirm')}
				confirmPalette="red"
				busy={starting}
				onConfirm={() => confirming && void restore(confirming)}
				testIds={{ dialog: 'restore-backup-dialog', confirm: 'restore-backup-confirm' }}
				role="alertdialog"
			>
				<Text>{t('projects.backups.restoreText', { date: confirming ? (formatDateTime(confirming.created_at, i18n.resolvedLanguage) ?? confirming.created_at) : '' })}</Text>
			</ConfirmDialog>
			<DuplicateProjectDialog source={copying ? project : null} backup={copying} onClose={() => setCopying(null)} />
		</Stack>
	);
}

function BackupList(props: {
	backups: ProjectBackup[] | undefined;
	error: unknown;
	busy: boolean;
	onDownload: (backup: ProjectBackup) => void;
	onRestore: (backup: ProjectBackup) => void;
	onRestoreIntoNew: (backup: ProjectBackup) => void;
}) {
	const { t, i18n } = useTranslation();
	if (props.error) {
		return (
			<Alert.Root status="error" size="sm">
				<Alert.Indicator />
				<Alert.Description>{getErrorMessage(props.error, t('projects.backups.loadFailed'))}</Alert.Description>
			</Alert.Root>
		);
	}
	if (!props.backups) {
		return (
			<Text fontSize="sm" color="fg.muted" role="status">
				{t('common.loading')}
			</Text>
		);
	}
	if (props.backups.length === 0) {
		return (
			<Text fontSize="sm" color="fg.muted" data-testid="backups-empty">
				{t('projects.backups.empty')}
			</Text>
		);
	}
	// A list, not a table: each backup's actions sit under its facts and wrap, so none is ever out
	// of reach on a phone (390 px) or in the dialog's width.
	return (
		<List.Root variant="plain" gap="0" borderWidth="1px" rounded="md" data-testid="backups-table" aria-label={t('projects.backups.title')}>
			{props.backups.map((backup) => (
				<List.Item key={backup.id} display="block" px="3" py="2" borderTopWidth="1px" _first={{ borderTopWidth: '0' }} data-testid="backup-row" data-backup-id={backup.id}>
					<HStack gap="3" wrap="wrap" fontSize="sm">
						<Text fontWeight="medium">{formatDateTime(backup.created_at, i18n.resolvedLanguage) ?? backup.created_at}</Text>
						<Badge variant="subtle" colorPalette={backup.kind === 'manual' ? 'purple' : 'gray'} data-testid="backup-kind">
							{t(`projects.backups.kinds.${backup.kind}`)}
						</Badge>
						<Text color="fg.muted">{formatBytes(backup.size, i18n.resolvedLanguage)}</Text>
					</HStack>
					<HStack gap="1" wrap="wrap" mt="1" ms="-2">
						<Button size="xs" variant="ghost" onClick={() => props.onDownload(backup)} data-testid="backup-download">
							<LuDownload aria-hidden="true" />
							{t('projects.backups.download')}
						</Button>
						<Button size="xs" variant="ghost" disabled={props.busy} onClick={() => props.onRestore(backup)} data-testid="backup-restore">
							<LuHistory aria-hidden="true" />
							{t('projects.backups.restore')}
						</Button>
						<Button size="xs" variant="ghost" onClick={() => props.onRestoreIntoNew(backup)} data-testid="backup-restore-into-new">
							<LuCopyPlus aria-hidden="true" />
							{t('projects.backups.restoreIntoNew')}
						</Button>
					</HStack>
				</List.Item>
			))}
		</List.Root>
	);
}

/** The restore's steps as the runtime records them; a toast when it ends, once. */
function RestoreProgress({ job, error, onFinished }: { job: ProjectRestoreJob | undefined; error: unknown; onFinished: () => void }) {
	const { t } = useTranslation();
	const announced = useRef(false);
	const state = job?.state;

	useEffect(() => {
		if (!state || state === 'running' || announced.current) return;
		announced.current = true;
		onFinished();
		if (state === 'succeeded') toaster.success({ title: t('projects.backups.restored') });
		else toaster.error({ title: t('projects.backups.restoreFailed'), description: t(state === 'failed' ? 'projects.backups.rolledBack' : 'projects.backups.rollbackFailed') });
	}, [state, onFinished, t]);

	if (error) {
		return (
			<Alert.Root status="error" size="sm">
				<Alert.Indicator />
				<Alert.Description>{getErrorMessage(error, t('projects.backups.progressFailed'))}</Alert.Description>
			</Alert.Root>
		);
	}
	const status = !job || job.state === 'running' ? 'info' : job.state === 'succeeded' ? 'success' : 'error';
	return (
		<Alert.Root status={status} size="sm" data-testid="restore-progress" data-state={job?.state ?? 'running'}>
			<Alert.Indicator />
			<Stack gap="2">
				<Alert.Title>{t(`projects.backups.jobState.${job?.state ?? 'running'}`)}</Alert.Title>
				{job && (
					<List.Root variant="plain" gap="1">
						{job.steps.map((step) => (
							<RestoreStepItem key={`${step.name}-${step.started_at}`} step={step} />
						))}
					</List.Root>
				)}
			</Stack>
		</Alert.Root>
	);
}

function RestoreStepItem({ step }: { step: RestoreStep }) {
	const { t } = useTranslation();
	return (
		<List.Item data-testid="restore-step" data-step={step.name} data-state={step.state} fontSize="sm">
			<HStack gap="2">
				{step.state === 'running' ? <Spinner size="xs" /> : step.state === 'done' ? <LuCircleCheck aria-hidden="true" /> : <LuCircleX aria-hidden="true" />}
				<Text>
					{t(`projects.backups.steps.${step.name}`)}
					<Text as="span" srOnly>
						{` (${t(`projects.backups.stepState.${step.state}`)})`}
					</Text>
				</Text>
			</HStack>
		</List.Item>
	);
}
