/**
 * Site content staff edit in Studio (docs/product.md, Site content), read by everyone through
 * `GET /site-content` and `GET /site-content/pages/:slug`: only published items, in the asked
 * language or else English, never drafts and never a field staff keep for themselves; a bad
 * language or page is refused; the collections stay closed to customers and visitors through
 * `/items` and GraphQL. Nothing else in this suite writes site content, so the lists answered are
 * exactly what each test published; each test deletes what it made.
 */
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LegalPage, SiteContent } from '@epic/platform-api';
import { api, controlPlane, type ApiError } from '../support/api.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { StaffEditor, uniqueWord } from '../support/site-content.ts';

let staff: StaffEditor;
let customer: TestCustomer;

beforeAll(async () => {
	staff = await StaffEditor.signIn();
	customer = await registerVerifiedCustomer('content');
});

afterEach(async () => {
	await staff.deleteCreated();
});

async function siteContent(query = '', headers: Record<string, string> = {}): Promise<SiteContent> {
	const answer = await api<{ data: SiteContent }>('GET', `/site-content${query}`, { headers });
	expect(answer.status, JSON.stringify(answer.body)).toBe(200);
	return answer.body.data;
}

async function legalPage(slug: string, lang?: string) {
	return api<{ data: LegalPage; errors?: { message: string; extensions: { code: string } }[] }>('GET', `/site-content/pages/${slug}${lang ? `?lang=${lang}` : ''}`);
}

const HOUR = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describe('GET /site-content', () => {
	it('answers empty lists and no promotion while staff have published nothing', async () => {
		await staff.create('site_testimonials', { status: 'draft', language: 'en', quote: uniqueWord('draft'), author_name: 'Draft Author' });
		for (const lang of ['en', 'es', 'ru']) {
			expect(await siteContent(`?lang=${lang}`)).toEqual({ testimonials: [], promotion: null, timeline: [], team: [] });
		}
	});

	it('answers the published testimonials of the asked language in staff order, or the English ones, never drafts', async () => {
		const first = await staff.create('site_testimonials', {
			status: 'published',
			language: 'en',
			sort: 2,
			quote: uniqueWord('en'),
			author_name: 'Ada',
			author_role: 'Editor, Acme',
		});
		const second = await staff.create('site_testimonials', { status: 'published', language: 'en', sort: 1, quote: uniqueWord('en'), author_name: 'Bo' });
		await staff.create('site_testimonials', { status: 'draft', language: 'en', quote: uniqueWord('draft'), author_name: 'Hidden' });
		const spanish = await staff.create('site_testimonials', {
			status: 'published',
			language: 'es',
			quote: uniqueWord('es'),
			author_name: 'Carmen',
			author_role: 'Directora, Ejemplo',
		});
		await staff.create('site_testimonials', { status: 'draft', language: 'ru', quote: uniqueWord('draft'), author_name: 'Скрытый' });

		expect((await siteContent('?lang=en')).testimonials).toEqual([
			{ id: second.id, language: 'en', quote: second.quote, author_name: 'Bo', author_role: null },
			{ id: first.id, language: 'en', quote: first.quote, author_name: 'Ada', author_role: 'Editor, Acme' },
		]);
		expect((await siteContent('?lang=es')).testimonials).toEqual([
			{ id: spanish.id, language: 'es', quote: spanish.quote, author_name: 'Carmen', author_role: 'Directora, Ejemplo' },
		]);
		// Russian has only a draft: the English list, marked English.
		expect((await siteContent('?lang=ru')).testimonials.map((item) => [item.id, item.language])).toEqual([
			[second.id, 'en'],
			[first.id, 'en'],
		]);
	});

	it('answers the timeline in year order and the team in staff order, each in the asked language or English', async () => {
		const later = await staff.create('site_timeline', { status: 'published', language: 'en', year: 2024, title: uniqueWord('launch'), text: 'Platform launch.' });
		const earlier = await staff.create('site_timeline', { status: 'published', language: 'en', year: 2021, title: uniqueWord('founded') });
		await staff.create('site_timeline', { status: 'draft', language: 'es', year: 2022, title: uniqueWord('draft') });
		const ana = await staff.create('site_team_members', { status: 'published', language: 'es', sort: 1, name: 'Ana Ruiz', role: 'Soporte', bio: 'Responde a los clientes.' });
		await staff.create('site_team_members', { status: 'draft', language: 'es', sort: 2, name: 'Borrador', role: 'Nadie' });
		const english = await staff.create('site_team_members', { status: 'published', language: 'en', name: 'Ana Ruiz', role: 'Support' });

		const spanish = await siteContent('?lang=es');
		expect(spanish.timeline).toEqual([
			{ id: earlier.id, language: 'en', year: 2021, title: earlier.title, text: null },
			{ id: later.id, language: 'en', year: 2024, title: later.title, text: 'Platform launch.' },
		]);
		expect(spanish.team).toEqual([{ id: ana.id, language: 'es', name: 'Ana Ruiz', role: 'Soporte', bio: 'Responde a los clientes.', photo_url: null }]);
		expect((await siteContent('?lang=ru')).team).toEqual([{ id: english.id, language: 'en', name: 'Ana Ruiz', role: 'Support', bio: null, photo_url: null }]);
	});

	it('answers the published promotion that ends first among those not ended, in the asked language or English', async () => {
		await staff.create('site_promotions', { status: 'published', language: 'en', title: uniqueWord('ended'), text: 'Over.', ends_at: inHours(-1) });
		await staff.create('site_promotions', { status: 'draft', language: 'en', title: uniqueWord('draft'), text: 'Not yet.', ends_at: inHours(1) });
		await staff.create('site_promotions', { status: 'published', language: 'en', title: uniqueWord('later'), text: 'Later.', ends_at: inHours(48) });
		const sooner = await staff.create('site_promotions', { status: 'published', language: 'en', title: uniqueWord('sooner'), text: 'Sooner.', ends_at: inHours(24) });
		const spanish = await staff.create('site_promotions', { status: 'published', language: 'es', title: uniqueWord('oferta'), text: 'Oferta.', ends_at: inHours(72) });

		const english = (await siteContent('?lang=en')).promotion;
		expect(english).toEqual({ id: sooner.id, language: 'en', title: sooner.title, text: 'Sooner.', ends_at: expect.any(String) });
		expect(Date.parse(english!.ends_at)).toBe(Date.parse(sooner.ends_at));
		expect((await siteContent('?lang=es')).promotion).toMatchObject({ id: spanish.id, language: 'es', title: spanish.title });
		expect((await siteContent('?lang=ru')).promotion).toMatchObject({ id: sooner.id, language: 'en' });
	});

	it("follows the browser's language without ?lang=, and refuses an unsupported ?lang= with 400 INVALID_LANGUAGE", async () => {
		const spanish = await staff.create('site_testimonials', { status: 'published', language: 'es', quote: uniqueWord('es'), author_name: 'Lola' });
		await staff.create('site_testimonials', { status: 'published', language: 'en', quote: uniqueWord('en'), author_name: 'Lee' });
		expect((await siteContent('', { 'accept-language': 'es-ES,es;q=0.9' })).testimonials.map((item) => item.id)).toEqual([spanish.id]);

		for (const query of ['?lang=de', '?lang=', '?lang=EN-us', '?lang=es&lang=ru']) {
			const refused = await api('GET', `/site-content${query}`);
			expect(refused.status, query).toBe(400);
			expect(refused.body, query).toEqual({ errors: [{ message: 'lang: must be one of en, es, ru', extensions: { code: 'INVALID_LANGUAGE', languages: 'en, es, ru' } }] });
		}
	});
});

describe('GET /site-content/pages/:slug', () => {
	it('answers the seeded privacy policy and terms in each language, naming what the product stores', async () => {
		const titles = {
			privacy: { en: 'Privacy policy', es: 'Política de privacidad', ru: 'Политика конфиденциальности' },
			terms: { en: 'Terms of service', es: 'Condiciones del servicio', ru: 'Условия использования' },
		} as const;
		for (const slug of ['privacy', 'terms'] as const) {
			for (const lang of ['en', 'es', 'ru'] as const) {
				const page = await legalPage(slug, lang);
				expect(page.status, `${slug} ${lang}`).toBe(200);
				expect(page.headers.get('content-language')).toBe(lang);
				expect(page.body.data).toMatchObject({ slug, language: lang, title: titles[slug][lang], updated_at: '2026-11-22T00:00:00.000Z' });
				expect(Object.keys(page.body.data).sort()).toEqual(['body', 'language', 'slug', 'title', 'updated_at']);
			}
		}
		const privacy = (await legalPage('privacy', 'en')).body.data.body;
		for (const stored of ['Stripe', '`epic-auth`', 'contact form', 'administrator email and generated password']) expect(privacy).toContain(stored);
		expect((await legalPage('terms', 'en')).body.data.body).toContain('## 30-day money-back guarantee');
	});

	it("shows staff's published edit, never a draft, and falls back to English when a language has no published text", async () => {
		const seededTerms = await staff.legalPage('terms', 'ru');
		const editedTitle = uniqueWord('Условия');
		const edit = await staff.create('site_pages', { status: 'published', slug: 'privacy', language: 'es', title: uniqueWord('Privacidad'), body: 'Texto **nuevo**.' });
		await staff.create('site_pages', { status: 'draft', slug: 'privacy', language: 'en', title: editedTitle, body: 'Draft.' });
		try {
			// The newest published text of a page and language wins over the seeded one.
			const spanish = await legalPage('privacy', 'es');
			expect(spanish.body.data).toMatchObject({ title: edit.title, body: 'Texto **nuevo**.', language: 'es' });
			expect(Date.parse(spanish.body.data.updated_at ?? '')).toBeGreaterThan(Date.parse('2026-11-22T00:00:00.000Z'));
			expect((await legalPage('privacy', 'en')).body.data.title).toBe('Privacy policy');

			await staff.update('site_pages', seededTerms.id, { status: 'draft' });
			const russian = await legalPage('terms', 'ru');
			expect(russian.status).toBe(200);
			expect(russian.body.data).toMatchObject({ slug: 'terms', language: 'en', title: 'Terms of service' });
			expect(russian.headers.get('content-language')).toBe('en');
		} finally {
			await staff.update('site_pages', seededTerms.id, { status: 'published' });
		}
		expect((await legalPage('terms', 'ru')).body.data.title).toBe(seededTerms.title);
	});

	it('answers 404 PAGE_NOT_FOUND for a page it does not serve, and 400 INVALID_LANGUAGE for a bad language', async () => {
		for (const slug of ['cookies', 'PRIVACY', 'privacy%20', '..%2Fterms']) {
			const missing = await legalPage(slug, 'en');
			expect(missing.status, slug).toBe(404);
			expect(missing.body.errors?.[0]?.extensions.code, slug).toBe('PAGE_NOT_FOUND');
			expect(missing.body.errors?.[0]?.message, slug).toMatch(/^No page ".+" is published\. Pages: privacy, terms\.$/);
		}
		const refused = await legalPage('privacy', 'fr');
		expect(refused.status).toBe(400);
		expect(refused.body.errors).toEqual([{ message: 'lang: must be one of en, es, ru', extensions: { code: 'INVALID_LANGUAGE', languages: 'en, es, ru' } }]);
	});
});

describe('team photos', () => {
	it('serves the photo of a published member as a square WebP, and nothing of a draft or a missing one', async () => {
		const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 120, b: 200 } } })
			.png()
			.toBuffer();
		const fileId = await staff.uploadImage('team.png', png);
		const member = await staff.create('site_team_members', { status: 'published', language: 'en', name: 'Pat Photo', role: 'Design', photo: fileId });
		const draft = await staff.create('site_team_members', { status: 'draft', language: 'en', name: 'Dee Draft', role: 'Design', photo: fileId });

		const [listed] = (await siteContent('?lang=en')).team;
		expect(listed?.photo_url).toBe(`/site-content/team/${member.id}/photo?v=${fileId}`);
		const photo = await fetch(`${controlPlane().url}${listed!.photo_url}`);
		expect(photo.status).toBe(200);
		expect(photo.headers.get('content-type')).toBe('image/webp');
		expect(photo.headers.get('x-content-type-options')).toBe('nosniff');
		const metadata = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
		expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({ format: 'webp', width: 256, height: 256 });

		for (const id of [String(draft.id), '999999', 'abc', '0']) {
			const missing = await api('GET', `/site-content/team/${id}/photo`);
			expect(missing.status, id).toBe(404);
			expect(missing.body, id).toEqual({ errors: [{ message: 'This team member has no published photo.', extensions: { code: 'PHOTO_NOT_FOUND' } }] });
		}
		// The file itself stays closed to visitors.
		expect((await fetch(`${controlPlane().url}/assets/${fileId}`)).status).toBe(403);
	});
});

describe('the collections behind it', () => {
	const COLLECTIONS = ['site_pages', 'site_testimonials', 'site_promotions', 'site_timeline', 'site_team_members'] as const;

	it('refuse a customer every read and write through /items with 403', async () => {
		const page = await staff.legalPage('privacy', 'en');
		for (const collection of COLLECTIONS) {
			const body = {
				status: 'published',
				language: 'en',
				title: 'x',
				quote: 'x',
				author_name: 'x',
				name: 'x',
				role: 'x',
				year: 2024,
				slug: 'privacy',
				body: 'x',
				text: 'x',
				ends_at: inHours(1),
			};
			expect((await api('GET', `/items/${collection}`, { token: customer.token })).status, collection).toBe(403);
			expect((await api('POST', `/items/${collection}`, { token: customer.token, body })).status, collection).toBe(403);
		}
		expect((await api('PATCH', `/items/site_pages/${page.id}`, { token: customer.token, body: { body: 'Hacked.' } })).status).toBe(403);
		expect((await api('DELETE', `/items/site_pages/${page.id}`, { token: customer.token })).status).toBe(403);
		expect((await staff.legalPage('privacy', 'en')).body).toBe(page.body);
	});

	it('never show a visitor a draft through /items or GraphQL', async () => {
		const secret = uniqueWord('secret');
		await staff.create('site_testimonials', { status: 'draft', language: 'en', quote: secret, author_name: 'Draft Author' });
		for (const collection of COLLECTIONS) {
			const read = await api('GET', `/items/${collection}?filter[status][_eq]=draft`);
			expect(read.status, collection).toBe(403);
		}
		for (const token of [undefined, customer.token]) {
			const query = await api<ApiError>('POST', '/graphql', { token, body: { query: '{ site_testimonials { quote status } }' } });
			expect(query.status).toBe(400);
			expect(query.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION');
			expect(JSON.stringify(query.body)).not.toContain(secret);
		}
		expect(JSON.stringify(await siteContent('?lang=en'))).not.toContain(secret);
	});
});
