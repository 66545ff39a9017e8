import { Button } from '@chakra-ui/react';
import type { Project, ProjectCreateRequest } from '@epic/platform-api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { actionToasts } from '../../../lib/action-toasts';
import { createProject } from '../api/create-project';
import { refreshProjects } from '../api/refresh-projects';
import { describeProjectFailure, isSubdomainTaken } from '../lib/project-errors';
import { ProjectDetailsForm } from './project-details-form';

/** The form of /projects/new: creates the project on submit, or says why it could not. */
export function NewProjectForm({ siteHostSuffix, onCreated }: { siteHostSuffix: string | undefined; onCreated: (project: Project) => void }) {
	const { t } = useTranslation();
	const [takenSubdomain, setTakenSubdomain] = useState<string | null>(null);

	const create = async (request: ProjectCreateRequest) => {
		const toasts = actionToasts('create-project');
		toasts.retried();
		try {
			const project = await createProject(request);
			toasts.succeeded();
			await refreshProjects();
			onCreated(project);
		} catch (error) {
			if (isSubdomainTaken(error)) setTakenSubdomain(request.subdomain);
			toasts.failed({ title: t('projects.form.failed'), description: describeProjectFailure(error) });
		}
	};

	return (
		<ProjectDetailsForm
			siteHostSuffix={siteHostSuffix}
			submitLabel={t('projects.form.submit')}
			onSubmit={create}
			takenSubdomain={takenSubdomain}
			testIds={{ form: 'new-project-form', submit: 'new-project-submit' }}
			secondaryAction={
				<Button asChild variant="outline">
					<RouterLink to={paths.dashboard.getHref()} data-testid="new-project-cancel">
						{t('projects.form.cancel')}
					</RouterLink>
				</Button>
			}
		/>
	);
}
