/**
 * The starter a project is created from (docs/product.md, Templates), as the projects API takes it
 * and as the row stores it. The contents live in @epic/site-templates and reach the site through
 * the runtime (provisioning applies them); the control plane only needs the names.
 */
import { PROJECT_TEMPLATES, type ProjectTemplate } from '@epic/platform-api';

export function isProjectTemplate(value: unknown): value is ProjectTemplate {
	return typeof value === 'string' && (PROJECT_TEMPLATES as readonly string[]).includes(value);
}

/** The stored value; rows from before templates existed, or with a name no longer offered, read as blank. */
export function storedTemplate(stored: unknown): ProjectTemplate {
	return isProjectTemplate(stored) ? stored : 'blank';
}

/** How the setup screen's database step names it, e.g. "the Blog template". */
export const TEMPLATE_TITLES: Record<ProjectTemplate, string> = {
	blank: 'Blank',
	blog: 'Blog',
	company: 'Company site',
	catalogue: 'Product catalogue',
};
