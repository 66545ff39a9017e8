/**
 * Site content in a real browser, edited by staff through Directus's items API as Studio does:
 * /privacy and /terms show the seeded texts and then staff's edit (Markdown as elements, never
 * HTML); /about shows the timeline and team staff publish and leaves them out while there are
 * none; the landing page shows a testimonial and an offer with a live countdown to its real end
 * only once they are published, and the offer goes when it ends; each audience page's persona tabs
 * work with the arrow keys and its call to action reaches registration. Each test deletes what it
 * made, so every test starts with no published testimonial, offer, milestone or team member.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { controlPlane } from '../support/api.ts';
import { chromiumPagePerTest } from '../support/browser.ts';
import { StaffEditor, uniqueWord } from '../support/site-content.ts';

let page: Page;
let staff: StaffEditor;
const pageErrors: string[] = [];

chromiumPagePerTest((opened) => {
	page = opened;
	pageErrors.length = 0;
	page.on('pageerror', (error) => pageErrors.push(error.message));
});

beforeAll(async () => {
	staff = await StaffEditor.signIn();
});

afterEach(async () => {
	await staff.deleteCreated();
	expect(pageErrors).toEqual([]);
});

const open = (path: string) => page.goto(`${controlPlane().url}${path}`);

/** Waits until the page has the site content (or knows it failed), so what is absent is really absent. */
async function openWithSiteContent(path: string, testId: string): Promise<void> {
	await open(path);
	await page.locator(`[data-testid="${testId}"][data-site-content="ready"]`).waitFor();
}

async function switchLanguage(nativeName: string) {
	await page.getByTestId('language-switcher').click();
	await page.getByRole('menuitemradio', { name: nativeName }).click();
}

const HOUR = 60 * 60 * 1000;

describe('legal pages', () => {
	it('shows the seeded privacy policy and terms, reached from the footer, in the chosen language', async () => {
		await open('/help');
		await page.getByTestId('footer-privacy').click();
		await page.waitForURL(/\/privacy$/);
		const privacy = page.getByTestId('legal-page-privacy');
		await privacy.getByRole('heading', { level: 1, name: 'Privacy policy', exact: true }).waitFor();
		// The seeded texts were written on 2026-11-22 (migration I), shown in the browser's time zone.
		const written = await page.evaluate(() => new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date('2026-11-22T00:00:00.000Z')));
		expect(await privacy.getByTestId('legal-updated').textContent()).toBe(`Last updated ${written}`);
		await privacy.getByRole('heading', { level: 2, name: 'Cookies and local storage', exact: true }).waitFor();
		expect(await privacy.getByTestId('legal-body').locator('code').allTextContents()).toContain('epic-auth');
		// A Markdown link to a page of the portal stays in the portal.
		expect(await privacy.getByTestId('legal-body').getByRole('link', { name: 'help centre', exact: true }).getAttribute('href')).toBe('/help');

		await page.getByTestId('footer-terms').click();
		await page.waitForURL(/\/terms$/);
		await page.getByTestId('legal-page-terms').getByRole('heading', { level: 2, name: '30-day money-back guarantee', exact: true }).waitFor();

		await switchLanguage('Español');
		await page.getByTestId('legal-page-terms').getByRole('heading', { level: 1, name: 'Condiciones del servicio', exact: true }).waitFor();
		expect(await page.getByTestId('legal-in-english').count()).toBe(0);
	});

	it("shows staff's edit of a page after it is saved, with any markup in it as plain text", async () => {
		const seeded = await staff.legalPage('privacy', 'en');
		const title = uniqueWord('Privacy ');
		try {
			await staff.update('site_pages', seeded.id, {
				title,
				body: '## Edited section\n\nWe now say **less**. <img src="x" data-injected="yes" onerror="window.injected=1">\n\n- one point',
			});
			await open('/privacy');
			const privacy = page.getByTestId('legal-page-privacy');
			await privacy.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
			const body = privacy.getByTestId('legal-body');
			await body.getByRole('heading', { level: 2, name: 'Edited section', exact: true }).waitFor();
			expect(await body.locator('strong').allTextContents()).toEqual(['less']);
			expect(await body.getByRole('listitem').allTextContents()).toEqual(['one point']);
			expect(await body.locator('img').count()).toBe(0);
			expect(await body.innerText()).toContain('<img src="x" data-injected="yes" onerror="window.injected=1">');
			expect(await page.evaluate(() => (window as unknown as { injected?: number }).injected)).toBeUndefined();
			expect(await privacy.getByText('Cookies and local storage', { exact: true }).count()).toBe(0);
		} finally {
			await staff.update('site_pages', seeded.id, { title: seeded.title, body: seeded.body });
		}
	});
});

describe('about page', () => {
	it('leaves the timeline and team out while none is published, and shows those staff publish', async () => {
		await openWithSiteContent('/about', 'about-page');
		expect(await page.getByTestId('about-timeline').count()).toBe(0);
		expect(await page.getByTestId('about-team').count()).toBe(0);

		const milestone = uniqueWord('Founded ');
		const draftMilestone = uniqueWord('Draft ');
		await staff.create('site_timeline', { status: 'published', language: 'en', year: 2021, title: milestone, text: 'Two people and a server.' });
		await staff.create('site_timeline', { status: 'draft', language: 'en', year: 2022, title: draftMilestone });
		const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 90, g: 40, b: 160 } } })
			.png()
			.toBuffer();
		const photo = await staff.uploadImage('member.png', png);
		const name = uniqueWord('Member ');
		await staff.create('site_team_members', { status: 'published', language: 'en', name, role: 'Support', bio: 'Answers every message.', photo });

		await openWithSiteContent('/about', 'about-page');
		const timeline = page.getByTestId('about-timeline');
		expect(await timeline.getByTestId('timeline-title').allTextContents()).toEqual([milestone]);
		expect(await timeline.getByTestId('timeline-year').allTextContents()).toEqual(['2021']);
		const member = page.getByTestId('team-member');
		expect(await member.getByTestId('team-member-name').allTextContents()).toEqual([name]);
		const image = member.getByRole('img', { name: `Photo of ${name}`, exact: true });
		await image.waitFor();
		await page.waitForFunction((alt) => {
			const img = Array.from(document.images).find((candidate) => candidate.alt === alt);
			return Boolean(img?.complete && img.naturalWidth > 0);
		}, `Photo of ${name}`);
		expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
	});
});

describe('landing page', () => {
	it('shows a testimonial only once staff publish it, on the landing and the audience pages', async () => {
		const quote = uniqueWord('Our editors publish alone now ');
		const testimonial = await staff.create('site_testimonials', { status: 'draft', language: 'en', quote, author_name: 'Rosa Díaz', author_role: 'Editor, Ejemplo' });

		await openWithSiteContent('/', 'landing-page');
		expect(await page.getByTestId('testimonials').count()).toBe(0);
		expect(await page.getByTestId('promotion-banner').count()).toBe(0);
		await page.getByTestId('guarantee-card').getByRole('heading', { level: 2, name: '30-day money-back guarantee', exact: true }).waitFor();

		await staff.update('site_testimonials', testimonial.id, { status: 'published' });
		await openWithSiteContent('/', 'landing-page');
		const card = page.getByTestId('testimonials').getByTestId('testimonial');
		expect(await card.getByTestId('testimonial-quote').allTextContents()).toEqual([quote]);
		expect(await card.getByTestId('testimonial-author').allTextContents()).toEqual(['Rosa Díaz']);

		await openWithSiteContent('/lp/for-agencies', 'audience-page-agencies');
		expect(await page.getByTestId('testimonial-quote').allTextContents()).toEqual([quote]);
	});

	it('shows an offer staff publish with its real end date and a live countdown to it, and removes it when it ends', async () => {
		// The page's clock is Playwright's, fixed where the test puts it: what the countdown shows then
		// does not depend on how long staff's save and the page's load took on a busy machine.
		const now = Date.now();
		const endsAt = new Date(now + 26 * HOUR + 3 * 60 * 1000 + 30 * 1000);
		const title = uniqueWord('Spring offer ');
		await staff.create('site_promotions', { status: 'published', language: 'en', title, text: 'Two months for the price of one.', ends_at: endsAt.toISOString() });

		await page.clock.setFixedTime(now);
		await openWithSiteContent('/', 'landing-page');
		const banner = page.getByTestId('promotion-banner');
		expect(await banner.getByTestId('promotion-title').textContent()).toBe(title);
		const expectedDate = await page.evaluate((iso) => new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso)), endsAt.toISOString());
		expect(await banner.getByTestId('promotion-ends').textContent()).toBe(`Ends ${expectedDate}`);
		const shown = () => Promise.all(['days', 'hours', 'minutes', 'seconds'].map((unit) => banner.getByTestId(`countdown-${unit}`).textContent()));
		// The server drew the page with its own clock; the page's next tick shows the page's.
		await expect.poll(shown, { timeout: 15_000 }).toEqual(['01', '02', '03', '30']);
		// A second later on the page's clock, its next tick counts it.
		await page.clock.setFixedTime(now + 1000);
		await expect.poll(shown, { timeout: 15_000 }).toEqual(['01', '02', '03', '29']);

		// An offer that ends while the page is open disappears at its end. It ends a minute from now
		// in the server's real time, so that it is still running when the page asks for it.
		const lastCallEnds = Date.now() + 60_000;
		await staff.create('site_promotions', {
			status: 'published',
			language: 'en',
			title: uniqueWord('Last call '),
			text: 'Ends now.',
			ends_at: new Date(lastCallEnds).toISOString(),
		});
		await openWithSiteContent('/', 'landing-page');
		await banner.getByText('Ends now.', { exact: true }).waitFor();
		await page.clock.setFixedTime(lastCallEnds + 1000);
		await banner.waitFor({ state: 'detached', timeout: 15_000 });
	});
});

describe('audience pages', () => {
	const AUDIENCES = [
		{ path: '/lp/for-business', id: 'business', title: 'A CMS your team runs without a server room', personas: ['hrd', 'ceo', 'it'] },
		{ path: '/lp/for-agencies', id: 'agencies', title: 'One CMS per client, none of the hosting', personas: ['owner', 'recruiter'] },
		{ path: '/lp/for-partners', id: 'partners', title: 'A headless CMS you can recommend with confidence', personas: ['consultant', 'vc'] },
	];

	it.each(AUDIENCES)('$path switches persona tabs with the arrow keys and its call to action opens registration', async ({ path, id, title, personas }) => {
		await openWithSiteContent(path, `audience-page-${id}`);
		await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
		expect(await page.getByTestId('audience-features').getByRole('article').count()).toBe(4);
		expect(await page.getByTestId('testimonial').count()).toBe(0);

		const tab = (persona: string) => page.getByTestId(`persona-tab-${persona}`);
		const panel = (persona: string) => page.getByTestId(`persona-panel-${persona}`);
		const first = personas[0]!;
		const second = personas[1]!;
		const last = personas.at(-1)!;
		expect(await tab(first).getAttribute('aria-selected')).toBe('true');
		const firstPain = await panel(first).getByTestId('persona-pain').textContent();
		expect(firstPain).toBeTruthy();

		await tab(first).focus();
		await page.keyboard.press('ArrowRight');
		await page.locator(`[data-testid="persona-tab-${second}"][aria-selected="true"]`).waitFor();
		expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(`persona-tab-${second}`);
		expect(await tab(first).getAttribute('aria-selected')).toBe('false');
		await panel(second).getByTestId('persona-gain').waitFor({ state: 'visible' });
		// The tab's content is hidden through Ark UI's presence, a render after the selection
		// moves: for a moment both panels can be shown.
		await panel(first).waitFor({ state: 'hidden' });
		expect(await panel(second).getByTestId('persona-pain').textContent()).not.toBe(firstPain);

		await page.keyboard.press('End');
		await page.locator(`[data-testid="persona-tab-${last}"][aria-selected="true"]`).waitFor();
		await page.keyboard.press('ArrowRight');
		await page.locator(`[data-testid="persona-tab-${first}"][aria-selected="true"]`).waitFor();
		await page.keyboard.press('ArrowLeft');
		await page.locator(`[data-testid="persona-tab-${last}"][aria-selected="true"]`).waitFor();

		await page.getByTestId('audience-cta').click();
		await page.waitForURL(/\/auth\?mode=register$/);
		await page.getByTestId('auth-form').locator('input[name="name"]').waitFor();
	});

	it('is reached from the persona cards of the landing page', async () => {
		await openWithSiteContent('/', 'landing-page');
		await page.getByTestId('persona-card-partners').getByRole('link').click();
		await page.waitForURL(/\/lp\/for-partners$/);
		await page.getByTestId('persona-tab-consultant').waitFor();
	});
});
