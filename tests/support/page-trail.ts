/**
 * What a page went through, for the message of a browser test that fails: its navigations, the
 * requests that failed or were answered with an error, and its uncaught errors, each with the time
 * since the trail began. A failure on a CI machine leaves no screenshots behind, only what the run
 * printed; a locator's timeout alone does not say whether the page was waiting, elsewhere or broken.
 */
import type { Page } from 'playwright-core';

export interface PageTrail {
	/** The trail as lines, for an error's message. */
	describe(): string;
	/** Uncaught errors in the page, in order. */
	pageErrors(): string[];
}

export function followPage(page: Page, now: () => number = Date.now): PageTrail {
	const started = now();
	const lines: string[] = [];
	const errors: string[] = [];
	const note = (line: string) => lines.push(`+${((now() - started) / 1000).toFixed(1)} s ${line}`);
	const pathOf = (url: string) => {
		const parsed = new URL(url);
		return `${parsed.host}${parsed.pathname}${parsed.search}`;
	};
	page.on('framenavigated', (frame) => {
		if (frame === page.mainFrame()) note(`navigated to ${pathOf(frame.url())}`);
	});
	page.on('response', (response) => {
		if (response.status() >= 400) note(`${response.request().method()} ${pathOf(response.url())} answered ${response.status()}`);
	});
	page.on('requestfailed', (request) => note(`${request.method()} ${pathOf(request.url())} failed: ${request.failure()?.errorText ?? 'no reason given'}`));
	page.on('pageerror', (error) => {
		errors.push(error.message);
		note(`uncaught: ${error.message}`);
	});
	return {
		describe: () => [`the page's trail (now at ${pathOf(page.url())}):`, ...lines.map((line) => `  ${line}`)].join('\n'),
		pageErrors: () => [...errors],
	};
}

/**
 * `error` with the trail appended to its message, for rethrowing from a test. The error itself is
 * kept (an assertion's expected and actual values, a timeout's call log), only its message grows.
 */
export function withTrail(error: unknown, trail: PageTrail): Error {
	const kept = error instanceof Error ? error : new Error(String(error));
	kept.message = `${kept.message}\n${trail.describe()}`;
	return kept;
}
