import { Text } from '@chakra-ui/react';
import type { Project } from '@epic/platform-api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { getErrorMessage } from '../../../lib/api-error';
import { toaster } from '../../../lib/toaster';
import { deleteProject } from '../api/delete-project';
import { refreshProjects } from '../api/refresh-projects';

/** Asks before deleting a project, naming it and saying it cannot be undone. */
export function DeleteProjectDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
	const { t } = useTranslation();
	const [busy, setBusy] = useState(false);

	const confirm = async () => {
		if (!project) return;
		setBusy(true);
		try {
			await deleteProject(project.id);
			await refreshProjects();
			toaster.success({ title: t('projects.delete.success') });
			onClose();
		} catch (error) {
			toaster.error({ title: t('projects.delete.failed'), description: getErrorMessage(error) });
		} finally {
			setBusy(false);
		}
	};

	return (
		<ConfirmDialog
			open={project !== null}
			onClose={onClose}
			title={t('projects.delete.title')}
			keepLabel={t('projects.delete.keep')}
			confirmLabel={t('projects.delete.confirm')}
			confirmPalette="red"
			busy={busy}
			onConfirm={() => void confirm()}
			testIds={{ dialog: 'delete-project-dialog', confirm: 'delete-project-confirm', keep: 'delete-project-keep' }}
			role="alertdialog"
		>
			<Text>{t('projects.delete.text', { name: project?.name ?? '' })}</Text>
		</ConfirmDialog>
	);
}
