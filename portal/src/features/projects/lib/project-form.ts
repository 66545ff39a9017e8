import { SUBDOMAIN_MAX_LENGTH, SUBDOMAIN_PATTERN } from '@epic/platform-api';

/** Failures of the new-project form, named by their key under `projects.validation.*`. */
export type ProjectFormError = 'nameRequired' | 'subdomainRequired' | 'subdomainInvalid';

export type ProjectFormValues = { name: string; description: string; subdomain: string };

/** The subdomain as the server stores it: trimmed and lower-case. */
export const normalizeSubdomain = (value: string): string => value.trim().toLowerCase();

export function checkSubdomain(value: string): ProjectFormError | null {
  const subdomain = normalizeSubdomain(value);
  if (subdomain === '') return 'subdomainRequired';
  return subdomain.length <= SUBDOMAIN_MAX_LENGTH && SUBDOMAIN_PATTERN.test(subdomain) ? null : 'subdomainInvalid';
}

/** The form's failures by field; an empty object means it may be sent. */
export function checkProjectForm(values: ProjectFormValues): Partial<Record<'name' | 'subdomain', ProjectFormError>> {
  const errors: Partial<Record<'name' | 'subdomain', ProjectFormError>> = {};
  if (values.name.trim() === '') errors.name = 'nameRequired';
  const subdomain = checkSubdomain(values.subdomain);
  if (subdomain) errors.subdomain = subdomain;
  return errors;
}

/** The address shown live under the subdomain field. */
export const sitePreview = (subdomain: string, publicHost: string): string =>
  `${normalizeSubdomain(subdomain) || 'your-project'}.${publicHost}`;
