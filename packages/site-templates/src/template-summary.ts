/**
 * What a starter holds, worked out from the template itself, so the portal's preview can never say
 * something the site will not get.
 */
import type { SiteTemplate } from './site-template.ts';

export interface TemplateSummary {
	collections: { collection: string; items: number }[];
	/** Sample items over all collections. */
	items: number;
	roles: string[];
}

export function templateSummary(template: SiteTemplate): TemplateSummary {
	const collections = template.snapshot.collections.map(({ collection }) => ({
		collection,
		items: template.content.find((content) => content.collection === collection)?.items.length ?? 0,
	}));
	return {
		collections,
		items: collections.reduce((sum, { items }) => sum + items, 0),
		roles: template.roles.map((role) => role.name),
	};
}
