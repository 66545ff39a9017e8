import { PROJECT_TEMPLATES, type ProjectTemplate } from '@epic/platform-api';
import { SITE_TEMPLATES, templateSummary, type TemplateSummary } from '@epic/site-templates';

/**
 * What each starter puts on the site, worked out from the templates the runtime applies, so the
 * preview always says what the site will get. Blank holds nothing.
 */
export const TEMPLATE_PREVIEWS: { id: ProjectTemplate; summary: TemplateSummary }[] = PROJECT_TEMPLATES.map((id) => ({
	id,
	summary: id === 'blank' ? { collections: [], items: 0, roles: [] } : templateSummary(SITE_TEMPLATES[id]),
}));
