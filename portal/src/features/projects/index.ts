/**
 * The projects feature's pieces the app composes elsewhere (the onboarding wizard's details and
 * setup steps). Routes load the pages directly from components/.
 */
export { ProjectDetailsForm, type ProjectDetailsFormProps } from './components/project-details-form';
export { ProjectSetup, type ProjectSetupProps } from './components/project-setup';
export { createProject } from './api/create-project';
export { refreshProjects } from './api/refresh-projects';
export { describeProjectFailure, isSubdomainTaken } from './lib/project-errors';
export { EMPTY_PROJECT_FORM, toCreateRequest, type ProjectFormValues } from './lib/project-form';
