/**
 * The JavaScript a first visit to a portal page downloads, measured in a real Chromium: every
 * script response from the navigation until the network has been idle (the entry chunk, its
 * modulepreloads, the language's texts, the route's lazy chunks and whatever they import for the
 * first render). Each body is gzipped at level 9 so the figure does not depend on the server's
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

export async function measureInitialJavaScript(browser: Browser, url: string): Promise<InitialJavaScript> {
	// A fresh context: an empty cache, no stored session or language (the visitor's first visit).
	const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
	try {
		const page = await context.newPage();
		const scripts: Response[] = [];
		page.on('response', (response) => {
			if (response.request().resourceType() === 'script') scripts.push(response);
		});
		await page.goto(url, { waitUntil: 'networkidle' });
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
	} finally {
		await context.close();
	}
}
