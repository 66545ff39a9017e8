/**
 * axe-core in a Playwright page: the library's own build (node_modules/axe-core/axe.min.js) is
 * evaluated in the page (through DevTools, so no Content-Security-Policy can refuse it) and run
 * over the whole document as it is at that moment: open dialogs and menus included.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AxeViolation {
	id: string;
	impact: AxeImpact | null;
	help: string;
	/** One entry per offending element: axe's CSS selector path, the start of its HTML and axe's summary of what fails. */
	targets: string[];
}

export async function axeViolations(page: Page): Promise<AxeViolation[]> {
	if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
	return page.evaluate(async () => {
		const axe = (window as any).axe;
		const results = await axe.run(document, { resultTypes: ['violations'] });
		return results.violations.map((violation: any) => ({
			id: violation.id,
			impact: violation.impact ?? null,
			help: violation.help,
			targets: violation.nodes.map((node: any) => {
				const html = String(node.html ?? '')
					.replace(/\s+/g, ' ')
					.slice(0, 160);
				const why = String(node.failureSummary ?? '')
					.split('\n')
					.slice(1)
					.join(' ')
					.trim()
					.slice(0, 200);
				return `${[].concat(node.target).join(' ')} ${html}${why ? ` (${why})` : ''}`;
			}),
		}));
	});
}

export const isSeriousOrCritical = (violation: AxeViolation) => violation.impact === 'serious' || violation.impact === 'critical';

/** One line per violation: rule id, impact, what it asks for, and the elements. */
export const describeViolations = (violations: AxeViolation[]): string[] =>
	violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.help} → ${violation.targets.join(' | ')}`);

/**
 * The serious and critical violations on a page whose project dialog is open, once nothing is
 * fading in (axe reads colours as painted). Not after `networkidle`: the dialog's site log keeps
 * its event stream open for as long as the dialog is, so the network is never idle.
 */
export async function seriousViolationsInOpenDialog(page: Page): Promise<string[]> {
	await page.waitForFunction(() =>
		document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
	);
	return describeViolations((await axeViolations(page)).filter(isSeriousOrCritical));
}
