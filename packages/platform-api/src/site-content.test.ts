import { describe, expect, it } from 'vitest';
import { legalPageSchema, siteContentSchema } from './site-content.ts';

const accepts = (schema: { safeParse(value: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;

const content = {
	testimonials: [{ id: 1, language: 'en', quote: 'Q', author_name: 'A', author_role: null }],
	promotion: { id: 2, language: 'es', title: 'T', text: 'X', ends_at: '2030-01-01T00:00:00.000Z' },
	timeline: [{ id: 3, language: 'en', year: 2024, title: 'T', text: null }],
	team: [{ id: 4, language: 'ru', name: 'N', role: 'R', bio: null, photo_url: '/site-content/team/4/photo?v=f' }],
};

describe('siteContentSchema', () => {
	it('accepts the answer of GET /site-content, with or without a promotion', () => {
		expect(accepts(siteContentSchema, content)).toBe(true);
		expect(accepts(siteContentSchema, { testimonials: [], promotion: null, timeline: [], team: [] })).toBe(true);
	});

	it('refuses an answer with a malformed part', () => {
		expect(accepts(siteContentSchema, { ...content, promotion: { ...content.promotion, ends_at: 'soon' } })).toBe(false);
		expect(accepts(siteContentSchema, { ...content, team: [{ ...content.team[0], language: 'de' }] })).toBe(false);
		expect(accepts(siteContentSchema, { ...content, timeline: undefined })).toBe(false);
		expect(accepts(siteContentSchema, null)).toBe(false);
		expect(accepts(siteContentSchema, { ...content, testimonials: [{ ...content.testimonials[0], id: '1' }] })).toBe(false);
	});
});

describe('legalPageSchema', () => {
	it('accepts a page and refuses one without a body', () => {
		const page = { slug: 'terms', language: 'en', title: 'Terms', body: '## Hi', updated_at: null };
		expect(accepts(legalPageSchema, page)).toBe(true);
		expect(accepts(legalPageSchema, { ...page, body: undefined })).toBe(false);
	});
});
