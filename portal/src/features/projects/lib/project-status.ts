import type { Project } from '@epic/platform-api';

/**
 * How a project's status is shown (docs/product.md, Project). Statuses compare case-insensitively;
 * `published` and the older `active` both show as Active.
 */
export type ProjectStatusView = 'active' | 'draft' | 'pending' | 'failed' | 'suspended' | 'inactive' | 'unknown';

export function projectStatusView(status: string): ProjectStatusView {
	switch (status.trim().toLowerCase()) {
		case 'published':
		case 'active':
			return 'active';
		case 'draft':
			return 'draft';
		case 'pending':
			return 'pending';
		case 'failed':
			return 'failed';
		case 'suspended':
			return 'suspended';
		case 'inactive':
			return 'inactive';
		default:
			return 'unknown';
	}
}

export const STATUS_PALETTE: Record<ProjectStatusView, string> = {
	active: 'green',
	draft: 'gray',
	pending: 'blue',
	failed: 'red',
	suspended: 'orange',
	inactive: 'gray',
	unknown: 'gray',
};

/** The site and its admin app are open, and the credentials can be read. */
export const isProjectOpen = (project: Pick<Project, 'status'>): boolean => projectStatusView(project.status) === 'active';

/** Provisioning has not finished: the project is read again until it has. */
export const isProvisioning = (project: Pick<Project, 'status'>): boolean => {
	const view = projectStatusView(project.status);
	return view === 'draft' || view === 'pending';
};

/** docs/product.md, Projects API: the id is shown shortened to its first 8 characters. */
export const shortProjectId = (id: string): string => id.slice(0, 8);

/**
 * The address the site answers at now: its URL (the custom domain once that is served, else the
 * subdomain), else the subdomain's host. A custom domain that is not served yet is never shown as
 * the address: it would not open the site.
 */
export function projectAddress(project: Pick<Project, 'url' | 'subdomain'>, siteHostSuffix: string | undefined): string {
	if (project.url) return project.url.replace(/^https?:\/\//, '');
	return siteHostSuffix ? `${project.subdomain}.${siteHostSuffix}` : project.subdomain;
}

export type CustomDomainState = 'none' | 'waiting' | 'served' | 'failing';

/** Where the project's custom domain stands: not set, waiting for its DNS check, served, or served with failed re-checks. */
export function customDomainState(project: Pick<Project, 'domain' | 'domain_verified_at' | 'domain_failed_checks'>): CustomDomainState {
	if (!project.domain) return 'none';
	if (!project.domain_verified_at) return 'waiting';
	return project.domain_failed_checks > 0 ? 'failing' : 'served';
}
