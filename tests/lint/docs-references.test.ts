/**
 * Comments send the reader to the docs by section: "(docs/product.md, Constants)", or a section
 * within one, "(docs/product.md, States, Subscription)". A section renamed or never written leaves
 * the reader lost, so every such reference in the repository's code must name a file under docs/
 * and headings that file has. Text after a colon is the comment's own ("Constants: 4 s").
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { repoPath } from '@epic/node-support/paths';
import { describe, expect, it } from 'vitest';

const CODE_FILE = /\.(ts|tsx|js|mjs|cjs|yml|yaml|sh)$|(^|\/)(Dockerfile|Caddyfile|run)$/;

/** This file is left out: its own examples are references on purpose, some broken. */
const THIS_FILE = 'tests/lint/docs-references.test.ts';

function codeFiles(): string[] {
	const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: repoPath(), encoding: 'utf8' }).split('\0');
	return tracked.filter((file) => file && file !== THIS_FILE && !file.startsWith('docs/') && CODE_FILE.test(file) && existsSync(repoPath(file)));
}

const headingsByDoc = new Map<string, Set<string>>();

/** The headings of a file under docs/, null when there is no such file. */
function headingsOf(doc: string): Set<string> | null {
	const file = repoPath(doc);
	if (!existsSync(file)) return null;
	let headings = headingsByDoc.get(doc);
	if (!headings) {
		headings = new Set([...readFileSync(file, 'utf8').matchAll(/^#+\s+(.+?)\s*$/gm)].map((match) => match[1]!));
		headingsByDoc.set(doc, headings);
	}
	return headings;
}

export interface DocsReference {
	doc: string;
	/** The sections as written, comment markers and line breaks taken out; empty for a whole file. */
	sections: string;
}

/** Every `docs/x.md` in `text`, with the section names that follow it after a comma. */
export function docsReferences(text: string): DocsReference[] {
	const references: DocsReference[] = [];
	// The sections run to a `)`, `;` or `:`, over comment line breaks, and never into the next `docs/`.
	for (const match of text.matchAll(/docs\/([a-z0-9-]+\.md)(,((?:(?!docs\/)(?:[^);:\n]|\n\s*(?:\*|\/\/|#)?\s*))*))?/g)) {
		const sections = (match[3] ?? '')
			.replace(/\n\s*(?:\*|\/\/|#)?\s*/g, ' ')
			.replace(/\s+/g, ' ')
			.trim();
		references.push({ doc: `docs/${match[1]}`, sections });
	}
	return references;
}

/**
 * The parts of `sections` that are no heading of `headings`. Names are separated by ", " or " and ",
 * and a heading may itself hold either ("Plans, periods and prices"): the longest run of parts that
 * is a heading is taken first.
 */
export function unresolvedSections(sections: string, headings: Set<string>): string[] {
	const parts = sections.split(/(, | and )/);
	const unresolved: string[] = [];
	let start = 0;
	while (start < parts.length) {
		let end = parts.length - 1;
		while (end >= start && !headings.has(parts.slice(start, end + 1).join(''))) end -= 2;
		if (end < start) {
			if (parts[start]) unresolved.push(parts[start]!);
			end = start;
		}
		start = end + 2;
	}
	return unresolved;
}

describe('references to docs/ sections', () => {
	it('reads a reference across comment lines, stops at its colon and at the next file', () => {
		expect(docsReferences('(docs/product.md, States,\n * Subscription)')).toEqual([{ doc: 'docs/product.md', sections: 'States, Subscription' }]);
		expect(docsReferences('// docs/product.md, Constants: 4 s, at most 3')).toEqual([{ doc: 'docs/product.md', sections: 'Constants' }]);
		expect(docsReferences('(docs/access-model.md, docs/product.md, Profile)').map((reference) => reference.sections)).toEqual(['', 'Profile']);
		const headings = new Set(['Plans, periods and prices', 'Billing API', 'Error messages', 'States']);
		expect(unresolvedSections('Plans, periods and prices', headings)).toEqual([]);
		expect(unresolvedSections('Billing API and Error messages', headings)).toEqual([]);
		expect(unresolvedSections('States, Subscription', headings)).toEqual(['Subscription']);
	});

	it('names a file under docs/ and sections that file has, in every file of the repository', () => {
		const broken: string[] = [];
		for (const file of codeFiles()) {
			for (const { doc, sections } of docsReferences(readFileSync(repoPath(file), 'utf8'))) {
				const headings = headingsOf(doc);
				if (!headings) broken.push(`${file}: ${doc} does not exist`);
				else for (const section of unresolvedSections(sections, headings)) broken.push(`${file}: ${doc} has no section "${section}"`);
			}
		}
		expect(broken).toEqual([]);
		// It reads every tracked code file: half a second alone, 7 s beside the rest of `npm test`
		// (image builds and swarm nodes on both cores), past vitest's default 5 s.
	}, 30_000);
});
