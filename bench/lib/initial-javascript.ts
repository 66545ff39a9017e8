/**
 * The JavaScript a first visit to a portal page downloads, measured in a real Chromium: every
 * script response from the navigation until the network has been idle. The landing page is drawn
 * by the server and fetches the app only once the visitor acts, so what it fetches then (the entry
 * chunk, its modulepreloads, the language's texts, the route's chunks) is measured too. Each body is gzipped at level 9 so the figure does not depend on the server's
 * compression settings; the bytes that actually crossed the wire are reported beside it.
 */
import zlib from 'node:zlib';
import type { Browser, Response } from 'playwright-core';

export interface ScriptDownload {
	file: string;
	raw_bytes: number;
	gzip9_bytes: number;
	transferred_bytes: number;
	content_encoding: string | null;
}

export interface InitialJavaScript {
	scripts: number;
	raw_bytes: number;
	gzip9_bytes: number;
	transferred_bytes: number;
	files: ScriptDownload[];
}

async function scriptDownloads(scripts: Response[]): Promise<InitialJavaScript> {
	const files: ScriptDownload[] = [];
	for (const response of scripts) {
		const body = await response.body();
		const sizes = await response.request().sizes();
		files.push({
			file: new URL(response.url()).pathname,
			raw_bytes: body.length,
			gzip9_bytes: zlib.gzipSync(body, { level: 9 }).length,
			transferred_bytes: sizes.responseBodySize,
			content_encoding: (await response.headerValue('content-encoding')) ?? null,
		});
	}
	files.sort((a, b) => b.gzip9_bytes - a.gzip9_bytes);
	const sum = (pick: (file: ScriptDownload) => number) => files.reduce((total, file) => total + pick(file), 0);
	return {
		scripts: files.length,
		raw_bytes: sum((file) => file.raw_bytes),
		gzip9_bytes: sum((file) => file.gzip9_bytes),
		transferred_bytes: sum((file) => file.transferred_bytes),
		files,
	};
}

export interface LandingJavaScript {
	/** Until the network is idle after the first visit's navigation. */
	initial: InitialJavaScript;
	/** What the server-drawn page fetches once the visitor acts, until the app has taken the page over. */
	at_takeover: InitialJavaScript;
}

export async function measureInitialJavaScript(browser: Browser, url: string): Promise<LandingJavaScript> {
	// A fresh context: an empty cache, no stored session or language (the visitor's first visit).
	const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
	try {
		const page = await context.newPage();
		let scripts: Response[] = [];
		page.on('response', (response) => {
			if (response.request().resourceType() === 'script') scripts.push(response);
		});
		await page.goto(url, { waitUntil: 'networkidle' });
		const initial = await scriptDownloads(scripts);
		scripts = [];
		// A press on the page (not on a control) is the visitor acting; the app has everything
		// the page needs once it has taken over.
		await page.mouse.click(5, 400);
		await page.locator('#root:not([data-server-rendered])').waitFor({ state: 'attached' });
		return { initial, at_takeover: await scriptDownloads(scripts) };
	} finally {
		await context.close();
	}
}
