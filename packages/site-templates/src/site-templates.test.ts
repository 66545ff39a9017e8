import { PROJECT_TEMPLATES } from '@epic/platform-api';
import { describe, expect, it } from 'vitest';
import { SITE_TEMPLATES, templateSummary } from './index.ts';

/** Directus's Core tier, which a new site runs on (docs/product.md, Directus tier). */
const CORE_COLLECTIONS = 25;

const templates = Object.values(SITE_TEMPLATES);

describe('site templates', () => {
	it('are the starters the projects API offers, besides Blank', () => {
		expect(Object.keys(SITE_TEMPLATES).sort()).toEqual(PROJECT_TEMPLATES.filter((name) => name !== 'blank').sort());
		for (const [id, template] of Object.entries(SITE_TEMPLATES)) expect(template.id).toBe(id);
	});

	it.each(templates)('$id fits the Core tier: few collections, no flows, no users', (template) => {
		expect(template.snapshot.collections.length).toBeLessThanOrEqual(CORE_COLLECTIONS);
		expect(template.snapshot.collections.map(({ collection }) => collection).filter((name) => name.startsWith('directus_'))).toEqual([]);
		expect(template.content.map(({ collection }) => collection).filter((name) => name.startsWith('directus_'))).toEqual([]);
	});

	it.each(templates)("$id's sample items use only the template's own fields, and reference items that come before them", (template) => {
		const imported = new Map<string, Set<unknown>>();
		for (const { collection, items } of template.content) {
			const fields = new Set(template.snapshot.fields.filter((field) => field.collection === collection).map(({ field }) => field));
			expect(fields.size, collection).toBeGreaterThan(0);
			for (const item of items) {
				expect(
					Object.keys(item).filter((key) => !fields.has(key)),
					collection,
				).toEqual([]);
				for (const relation of template.snapshot.relations.filter((relation) => relation.collection === collection)) {
					const target = item[relation.field];
					if (target !== null && target !== undefined) expect(imported.get(relation.related_collection)?.has(target), `${collection}.${relation.field}`).toBe(true);
				}
			}
			imported.set(collection, new Set(items.map((item) => item['id'])));
		}
	});

	it.each(templates)("$id's roles each grant whole collections of the template, and their ids are theirs alone", (template) => {
		const collections = new Set(template.snapshot.collections.map(({ collection }) => collection));
		for (const role of template.roles) {
			expect(role.policy.permissions.length).toBeGreaterThan(0);
			for (const permission of role.policy.permissions) expect(collections.has(permission.collection), permission.collection).toBe(true);
		}
		const ids = templates.flatMap((each) => each.roles.flatMap((role) => [role.id, role.policy.id]));
		expect(new Set(ids).size).toBe(ids.length);
	});

	it('summarises what each holds for the preview', () => {
		expect(templateSummary(SITE_TEMPLATES.blog)).toEqual({
			collections: [
				{ collection: 'authors', items: 2 },
				{ collection: 'categories', items: 3 },
				{ collection: 'posts', items: 3 },
			],
			items: 8,
			roles: ['Editor', 'Writer'],
		});
	});
});
