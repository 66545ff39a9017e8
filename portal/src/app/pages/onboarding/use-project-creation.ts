import type { ProjectCreateRequest } from '@epic/platform-api';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createProject, describeProjectFailure, isSubdomainTaken, refreshProjects } from '../../../features/projects';
import { actionToasts } from '../../../lib/action-toasts';

export type CreationResult = { ok: true; projectId: string } | { ok: false };

/**
 * Creates the wizard's project: on failure the toast "Failed to create project: {message}" and, for
 * a subdomain another project has, that subdomain (its field then says so).
 */
export function useProjectCreation() {
	const { t } = useTranslation();
	const [takenSubdomain, setTakenSubdomain] = useState<string | null>(null);

	const create = useCallback(
		async (request: ProjectCreateRequest): Promise<CreationResult> => {
			const toasts = actionToasts('create-project');
			toasts.retried();
			try {
				const project = await createProject(request);
				toasts.succeeded();
				await refreshProjects();
				return { ok: true, projectId: project.id };
			} catch (error) {
				if (isSubdomainTaken(error)) setTakenSubdomain(request.subdomain);
				toasts.failed({ title: t('onboarding.toast.createFailed', { message: describeProjectFailure(error) }) });
				return { ok: false };
			}
		},
		[t],
	);

	return { create, takenSubdomain };
}
