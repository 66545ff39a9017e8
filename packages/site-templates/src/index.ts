export * from './site-template.ts';
export { SNAPSHOT_DIRECTUS_VERSION } from './snapshot-builder.ts';
export { templateSummary, type TemplateSummary } from './template-summary.ts';
import type { SiteTemplate, SiteTemplateId } from './site-template.ts';
import { blogTemplate } from './templates/blog.ts';
import { catalogueTemplate } from './templates/catalogue.ts';
import { companyTemplate } from './templates/company.ts';

/** Every starter but Blank, which adds nothing. */
export const SITE_TEMPLATES: Record<SiteTemplateId, SiteTemplate> = {
	blog: blogTemplate,
	company: companyTemplate,
	catalogue: catalogueTemplate,
};
