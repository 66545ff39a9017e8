import { PROJECT_NAME_MAX_LENGTH, SUBDOMAIN_MAX_LENGTH, type Project, type ProjectBackup, type ProjectDuplicateRequest } from '@epic/platform-api';
import { checkProjectForm, normalizeSubdomain, type ProjectFormError } from './project-form';

/** The copy dialog's fields: `backupId` null means the source's latest backup (taken first if it has none). */
export type CopyFormValues = { name: string; subdomain: string; backupId: string | null };

const COPY_SUFFIX = '-copy';

/**
 * `{subdomain}-copy`, always a valid subdomain of at most 63 characters. A long source is cut to
 * leave room for the suffix rather than the suffix being cut, which would leave a subdomain ending
 * in `-` (invalid) or the source's own (taken); hyphens the cut leaves at its end are dropped so
 * the suffix does not follow one.
 */
export function copySubdomain(sourceSubdomain: string): string {
	const kept = sourceSubdomain.slice(0, SUBDOMAIN_MAX_LENGTH - COPY_SUFFIX.length).replace(/-+$/, '');
	return `${kept}${COPY_SUFFIX}`;
}

/**
 * The source's name marked as a copy by `copyName` (in the reader's language), at most a project
 * name's length: a long name is cut so that the mark stays.
 */
export function copyProjectName(sourceName: string, copyName: (sourceName: string) => string): string {
	const room = PROJECT_NAME_MAX_LENGTH - copyName('').length;
	return copyName(sourceName.slice(0, Math.max(room, 0)).trimEnd()).slice(0, PROJECT_NAME_MAX_LENGTH);
}

/** A starting point the customer edits: the source's name and subdomain marked as a copy's. */
export function copyFormDefaults(source: Project | null, backup: ProjectBackup | null, copyName: (sourceName: string) => string): CopyFormValues {
	if (!source) return { name: '', subdomain: '', backupId: null };
	return { name: copyProjectName(source.name, copyName), subdomain: copySubdomain(source.subdomain), backupId: backup?.id ?? null };
}

export function checkCopyForm(values: CopyFormValues): Partial<Record<'name' | 'subdomain', ProjectFormError>> {
	return checkProjectForm({ name: values.name, subdomain: values.subdomain, description: '', template: 'blank' });
}

export function toDuplicateRequest(values: CopyFormValues): ProjectDuplicateRequest {
	return { name: values.name.trim(), subdomain: normalizeSubdomain(values.subdomain), ...(values.backupId ? { backup_id: values.backupId } : {}) };
}
