/**
 * The projects API's inputs, validated before anything is touched (docs/product.md, Projects API
 * and Validation messages). A failure answers `400 INVALID_PAYLOAD` whose message names each field
 * (`subdomain: Please enter a valid subdomain …`); unknown fields are refused.
 */
import {
	CORS_ORIGINS_MAX,
	normalizeCorsOrigin,
	PROJECT_DESCRIPTION_MAX_LENGTH,
	PROJECT_NAME_MAX_LENGTH,
	PROJECT_TEMPLATES,
	SUBDOMAIN_MAX_LENGTH,
	SUBDOMAIN_PATTERN,
} from '@epic/platform-api';
import { z } from 'zod';
import { normalizeDomain } from '../domains/normalize-domain.ts';

export { parseInput } from '../http/parse-input.ts';

export const PROJECT_MESSAGES = {
	nameRequired: 'Project name is required',
	nameText: 'Project name must be text',
	nameTooLong: `Project name must be at most ${PROJECT_NAME_MAX_LENGTH} characters`,
	nameOneLine: 'Project name must be a single line of text',
	descriptionText: 'Description must be text',
	descriptionTooLong: `Description must be at most ${PROJECT_DESCRIPTION_MAX_LENGTH} characters`,
	subdomainRequired: 'Subdomain is required',
	subdomainInvalid: 'Please enter a valid subdomain (letters, numbers, and hyphens only)',
	subdomainTooLong: `Subdomain must be at most ${SUBDOMAIN_MAX_LENGTH} characters`,
	subdomainReserved: 'This subdomain is reserved. Please choose another',
	domainText: 'Domain must be text',
	corsOriginsList: 'Allowed origins must be a list of origins',
	corsOriginsTooMany: `At most ${CORS_ORIGINS_MAX} allowed origins`,
	nothingToChange: 'nothing to change',
	templateUnknown: `Template must be one of: ${PROJECT_TEMPLATES.join(', ')}`,
} as const;

export interface ProjectInputRules {
	/** Subdomains no one may take (reserved-labels.ts). */
	reservedLabels: ReadonlySet<string>;
	/** PUBLIC_HOST and the control plane's host: no custom domain may be one of them or below them. */
	platformHosts: readonly string[];
}

const missing = (input: unknown) => input === undefined || input === null;

/** Control characters (line breaks, tabs, NUL) have no place in a one-line name. */
function hasControlCharacters(value: string): boolean {
	for (const character of value) {
		const code = character.charCodeAt(0);
		if (code < 0x20 || code === 0x7f) return true;
	}
	return false;
}

const name = z
	.string({ error: (issue) => (missing(issue.input) ? PROJECT_MESSAGES.nameRequired : PROJECT_MESSAGES.nameText) })
	.trim()
	.min(1, { error: PROJECT_MESSAGES.nameRequired, abort: true })
	.max(PROJECT_NAME_MAX_LENGTH, PROJECT_MESSAGES.nameTooLong)
	.refine((value) => !hasControlCharacters(value), PROJECT_MESSAGES.nameOneLine);

/** Optional; blank or null stores no description. */
const description = z
	.string({ error: PROJECT_MESSAGES.descriptionText })
	.trim()
	.max(PROJECT_DESCRIPTION_MAX_LENGTH, PROJECT_MESSAGES.descriptionTooLong)
	.nullable()
	.transform((value) => (value === '' ? null : value));

/** A starter (docs/product.md, Templates); left out, the site starts blank. */
const template = z.enum(PROJECT_TEMPLATES, { error: PROJECT_MESSAGES.templateUnknown }).default('blank');

function subdomain(reserved: ReadonlySet<string>) {
	return z
		.string({ error: (issue) => (missing(issue.input) ? PROJECT_MESSAGES.subdomainRequired : PROJECT_MESSAGES.subdomainInvalid) })
		.trim()
		.toLowerCase()
		.min(1, { error: PROJECT_MESSAGES.subdomainRequired, abort: true })
		.max(SUBDOMAIN_MAX_LENGTH, PROJECT_MESSAGES.subdomainTooLong)
		.regex(SUBDOMAIN_PATTERN, PROJECT_MESSAGES.subdomainInvalid)
		.refine((value) => !reserved.has(value), PROJECT_MESSAGES.subdomainReserved);
}

/** A host name (stored as punycode, lower-case, no trailing dot); blank or null removes it. */
function domain(platformHosts: readonly string[]) {
	return z
		.string({ error: PROJECT_MESSAGES.domainText })
		.nullable()
		.transform((value, ctx) => {
			if (value === null || value.trim() === '') return null;
			// The same rules as the DNS check's (lib/domains), so a saved domain is one it can verify.
			const result = normalizeDomain(value, platformHosts);
			if (result.ok) return result.domain;
			ctx.addIssue({ code: 'custom', message: result.message });
			return z.NEVER;
		});
}

/**
 * Each normalised as browsers send an origin (`normalizeCorsOrigin`), duplicates dropped before
 * the maximum is counted, as the portal's form counts them. A list far past any sensible length is
 * refused before any entry is looked at.
 */
const corsOrigins = z
	.array(z.string({ error: PROJECT_MESSAGES.corsOriginsList }), { error: PROJECT_MESSAGES.corsOriginsList })
	.max(CORS_ORIGINS_MAX * 10, PROJECT_MESSAGES.corsOriginsTooMany)
	.transform((values, ctx) => {
		const origins = new Set<string>();
		for (const value of values) {
			const check = normalizeCorsOrigin(value);
			if (check.ok) origins.add(check.origin);
			else ctx.addIssue({ code: 'custom', message: check.message });
		}
		if (origins.size > CORS_ORIGINS_MAX) ctx.addIssue({ code: 'custom', message: PROJECT_MESSAGES.corsOriginsTooMany });
		return [...origins];
	});

export function projectInputs(rules: ProjectInputRules) {
	const create = z.object({ name, description: description.optional(), subdomain: subdomain(rules.reservedLabels), template }).strict();
	const update = z
		.object({ name, description, domain: domain(rules.platformHosts), cors_origins: corsOrigins })
		.partial()
		.strict()
		.refine((change) => Object.keys(change).length > 0, PROJECT_MESSAGES.nothingToChange);
	return { create, update };
}

export type ProjectInputs = ReturnType<typeof projectInputs>;
export type ProjectCreateInput = z.infer<ProjectInputs['create']>;
export type ProjectUpdateInput = z.infer<ProjectInputs['update']>;
