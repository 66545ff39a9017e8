/**
 * Lighthouse (npm `lighthouse`) against Debian's Chromium: Chromium is started headless with a
 * remote-debugging port and Lighthouse connects to that port, so nothing is downloaded (no
 * chrome-launcher browser). Each run gets a fresh profile, so every load is a first visit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import { freeLoopbackPort } from '@epic/node-support/free-port';
import { CHROMIUM_PATH } from '@epic/local-platform/test-prerequisites';

export type FormFactor = 'mobile' | 'desktop';

export interface LighthouseScores {
	performance: number;
	accessibility: number;
	metrics: Record<string, string | undefined>;
	/** Lighthouse's own measure of this machine's speed; its scores assume a typical desktop (~1000+). */
	benchmark_index: number | undefined;
	/** Audits of either category that did not get full marks, for finding out why a score is low. */
	failing_audits: { id: string; score: number; display: string | undefined; elements?: string[] }[];
}

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

async function waitForDevTools(port: number, chromium: ChildProcess): Promise<void> {
	for (let attempt = 0; attempt < 100; attempt++) {
		if (chromium.exitCode !== null) throw new Error(`Chromium exited with code ${chromium.exitCode} before opening port ${port}`);
		try {
			const answer = await fetch(`http://127.0.0.1:${port}/json/version`);
			if (answer.ok) return;
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	throw new Error(`Chromium's DevTools did not answer on port ${port}`);
}

/** The HTML of the first few elements an accessibility audit flags (none for other audits). */
function offendingElements(details: unknown): string[] | undefined {
	const items = (details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [];
	const snippets = items.flatMap((item) => (item.node?.snippet ? [item.node.snippet] : [])).slice(0, 3);
	return snippets.length > 0 ? snippets : undefined;
}

export async function runLighthouse(url: string, formFactor: FormFactor): Promise<LighthouseScores> {
	const port = await freeLoopbackPort();
	const profile = mkdtempSync(path.join(os.tmpdir(), 'epic-lighthouse-'));
	const chromium = spawn(
		CHROMIUM_PATH,
		[
			'--headless=new',
			'--no-sandbox',
			'--disable-gpu',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			`--remote-debugging-port=${port}`,
			`--user-data-dir=${profile}`,
			'about:blank',
		],
		{ stdio: 'ignore' },
	);
	try {
		await waitForDevTools(port, chromium);
		const result = await lighthouse(
			url,
			{ port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
			formFactor === 'desktop' ? desktopConfig : undefined,
		);
		if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
		const { lhr } = result;
		if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
		const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
		const categoryAudits = new Set(['performance', 'accessibility'].flatMap((category) => lhr.categories[category]?.auditRefs.map((ref) => ref.id) ?? []));
		return {
			performance: score('performance'),
			accessibility: score('accessibility'),
			metrics: Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.displayValue])),
			benchmark_index: lhr.environment.benchmarkIndex,
			failing_audits: Object.values(lhr.audits)
				.filter((audit) => categoryAudits.has(audit.id) && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
				.map((audit) => ({ id: audit.id, score: audit.score!, display: audit.displayValue, elements: offendingElements(audit.details) })),
		};
	} finally {
		if (chromium.exitCode === null && chromium.signalCode === null) {
			const exited = new Promise((resolve) => chromium.once('exit', resolve));
			chromium.kill('SIGTERM');
			await exited;
		}
		rmSync(profile, { recursive: true, force: true });
	}
}
