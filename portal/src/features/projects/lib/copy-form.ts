import type { Project, ProjectBackup, ProjectDuplicateRequest } from '@epic/platform-api';
import { checkProjectForm, normalizeSubdomain, type ProjectFormError } from './project-form';

/** The copy dialog's fields: `backupId` null means the source's latest backup (taken first if it has none). */
export type CopyFormValues = { name: string; subdomain: string; backupId: string | null };

/** A starting point the customer edits: the source's name and subdomain marked as a copy. */
export function copyFormDefaults(source: Project | null, backup: ProjectBackup | null): CopyFormValues {
  if (!source) return { name: '', subdomain: '', backupId: null };
  return { name: `${source.name} (copy)`.slice(0, 100), subdomain: `${source.subdomain}-copy`.slice(0, 63), backupId: backup?.id ?? null };
}

export function checkCopyForm(values: CopyFormValues): Partial<Record<'name' | 'subdomain', ProjectFormError>> {
  return checkProjectForm({ name: values.name, subdomain: values.subdomain, description: '' });
}

export function toDuplicateRequest(values: CopyFormValues): ProjectDuplicateRequest {
  return { name: values.name.trim(), subdomain: normalizeSubdomain(values.subdomain), ...(values.backupId ? { backup_id: values.backupId } : {}) };
}
