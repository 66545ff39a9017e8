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

/** The address a customer reaches the site at: the custom domain, else the platform's URL, else the subdomain's host. */
export function projectAddress(project: Pick<Project, 'domain' | 'url' | 'subdomain'>, publicHost: string | undefined): string {
  if (project.domain) return project.domain;
  if (project.url) return project.url.replace(/^https?:\/\//, '');
  return publicHost ? `${project.subdomain}.${publicHost}` : project.subdomain;
}
