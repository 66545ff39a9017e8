import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LandingRenderInput, Plan, SiteContent } from '@epic/platform-api';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRenderedLanding } from './landing-page.ts';

const renders: LandingRenderInput[] = [];
let siteContent: SiteContent = { testimonials: [], promotion: null, timeline: [], team: [] };
let failNext = false;
let server: ReturnType<ReturnType<typeof express>['listen']>;
let base = '';

beforeAll(async () => {
	const root = mkdtempSync(path.join(os.tmpdir(), 'landing-page-'));
	writeFileSync(path.join(root, 'index.html'), '<div id="root"></div>');
	const app = express();
	app.use(
		serverRenderedLanding(
			{ root, indexFile: path.join(root, 'index.html'), topLevelFiles: new Set() },
			async (input) => {
				if (failNext) {
					failNext = false;
					throw new Error('render failed');
				}
				renders.push(input);
				return { html: `drawn ${input.language} #${renders.length}`, inlineScripts: [] };
			},
			{
				plans: async () => [] as Plan[],
				siteContent: async () => siteContent,
				portalConfig: { supportEmail: 'help@example.com', publicHost: 'sites.example.com', siteHostSuffix: 'sites.example.com', sitesOverHttps: true, publicIp: null },
				onRenderFailed: () => {},
			},
		),
	);
	await new Promise<void>((resolve) => {
		server = app.listen(0, '127.0.0.1', () => resolve());
	});
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
	server?.close();
});

const page = async (language: string) => (await fetch(`${base}/`, { headers: { accept: 'text/html', 'accept-language': language } })).text();

describe('serverRenderedLanding', () => {
	it('draws each language once while its data is unchanged, and again when it changes', async () => {
		expect(await page('es')).toBe('drawn es #1');
		expect(await page('es-MX,es;q=0.9')).toBe('drawn es #1');
		expect(await page('en')).toBe('drawn en #2');
		siteContent = { ...siteContent, testimonials: [{ id: 1, language: 'es', quote: 'Good', author_name: 'Ana', author_role: null }] };
		expect(await page('es')).toBe('drawn es #3');
		expect(renders.map((input) => input.language)).toEqual(['es', 'en', 'es']);
	});

	it("gives the app's index.html when drawing fails", async () => {
		siteContent = { ...siteContent, testimonials: [] };
		failNext = true;
		expect(await page('ru')).toBe('<div id="root"></div>');
	});
});
