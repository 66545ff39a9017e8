import { SUBDOMAIN_MAX_LENGTH, SUBDOMAIN_PATTERN, type ProjectCreateRequest, type ProjectTemplate } from '@epic/platform-api';

/** Failures of the new-project form, named by their key under `projects.validation.*`. */
export type ProjectFormError = 'nameRequired' | 'subdomainRequired' | 'subdomainInvalid';

/** `template`: the starter picked (docs/product.md, Templates); Blank unless the customer picks another. */
export type ProjectFormValues = { name: string; description: string; subdomain: string; template: ProjectTemplate };

export const EMPTY_PROJECT_FORM: ProjectFormValues = { name: '', description: '', subdomain: '', template: 'blank' };

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

/** The subdomain field's placeholder, and the preview's while the field is empty. */
export const SUBDOMAIN_PLACEHOLDER = 'my-project';

/** The address shown live under the subdomain field. */
export const sitePreview = (subdomain: string, siteHostSuffix: string): string => `${normalizeSubdomain(subdomain) || SUBDOMAIN_PLACEHOLDER}.${siteHostSuffix}`;

/** The values as the create call takes them: trimmed, the subdomain lower-case, no empty description. */
export function toCreateRequest(values: ProjectFormValues): ProjectCreateRequest {
	const description = values.description.trim();
	return {
		name: values.name.trim(),
		subdomain: normalizeSubdomain(values.subdomain),
		...(description ? { description } : {}),
		// Blank is the server's default: sent only when another starter was picked.
		...(values.template !== 'blank' ? { template: values.template } : {}),
	};
}
