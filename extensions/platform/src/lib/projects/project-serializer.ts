/**
 * A `projects` row as the customer receives it (`Project` in @epic/platform-api). Credentials are
 * never part of it: the admin password, and the admin email with it, come from their own route.
 */
import type { Project, ProjectStep } from '@epic/platform-api';
import { publicSiteUrl } from '@epic/runtime-contract';
import { storedTemplate } from './templates/project-template.ts';
import { fromDbTimestamp } from '../database/db-values.ts';
import { domainProofValue } from '../domains/ownership/domain-proof.ts';
import { storedOrigins } from './cors/stored-origins.ts';
import { storedSteps } from './provisioning/provisioning-steps.ts';

/**
 * The columns the routes read; `admin_email` and `admin_password` are not among them.
 * `licence_key` (encrypted) is read only to say whether there is one.
 */
export const PROJECT_FIELDS = [
	'id',
	'name',
	'description',
	'subdomain',
	'domain',
	'domain_verified_at',
	'domain_failures',
	'domain_token',
	'cors_origins',
	'copy_of',
	'licence_key',
	'status',
	'steps',
	'failure_reason',
	'date_created',
	'date_updated',
	'template',
] as const;

/** Timestamps as either database gives them: epoch milliseconds on SQLite, a Date on PostgreSQL. */
type StoredTimestamp = string | number | Date | null;

export type ProjectRow = {
	[field in (typeof PROJECT_FIELDS)[number]]: field extends 'steps'
		? ProjectStep[] | string | null
		: field extends 'cors_origins'
			? unknown
			: field extends 'domain_failures'
				? number | null
				: field extends 'date_created' | 'date_updated' | 'domain_verified_at'
					? StoredTimestamp
					: string | null;
};

/** Where sites are served: the scheme and port of the control plane's `PUBLIC_URL`, under `PUBLIC_HOST`. */
export interface SiteAddress {
	scheme: string;
	/** Empty when the scheme's default port. */
	port: string;
	publicHost: string;
}

/**
 * The runtime serves sites on the same public port and scheme as the control plane's `PUBLIC_URL`
 * (`npm start` derives SITE_URL_SCHEME and SITE_URL_PORT from it; compose serves both on https).
 */
export function siteAddressFrom(publicUrl: string, publicHost: string): SiteAddress {
	const url = new URL(publicUrl);
	return { scheme: url.protocol.replace(/:$/, ''), port: url.port, publicHost: publicHost.toLowerCase().replace(/\.$/, '') };
}

export function siteUrl(address: SiteAddress, subdomain: string): string {
	return hostUrl(address, `${subdomain}.${address.publicHost}`);
}

function hostUrl(address: SiteAddress, host: string): string {
	return publicSiteUrl(address.scheme, host, address.port);
}

/** Published (shown as Active) and active sites are open (docs/product.md, Project). */
const OPEN_STATUSES = new Set(['published', 'active']);

export function isOpen(status: string | null): boolean {
	return OPEN_STATUSES.has((status ?? '').toLowerCase());
}

export function toApiProject(row: ProjectRow, address: SiteAddress): Project {
	const domainServed = Boolean(row.domain && row.domain_verified_at);
	let url: string | null = null;
	if (isOpen(row.status) && row.subdomain) url = domainServed ? hostUrl(address, row.domain!) : siteUrl(address, row.subdomain);
	return {
		id: row.id ?? '',
		name: row.name ?? '',
		description: row.description,
		subdomain: row.subdomain ?? '',
		domain: row.domain,
		domain_verified_at: domainServed ? fromDbTimestamp(row.domain_verified_at) : null,
		domain_failed_checks: row.domain_failures ?? 0,
		domain_proof_value: domainProofValue(row.domain_token),
		cors_origins: storedOrigins(row.cors_origins),
		copy_of: row.copy_of ?? null,
		licence_key_set: Boolean(row.licence_key),
		status: row.status ?? 'draft',
		steps: storedSteps(row.steps),
		failure_reason: row.failure_reason,
		url,
		admin_url: url ? `${url}/admin` : null,
		date_created: fromDbTimestamp(row.date_created),
		date_updated: fromDbTimestamp(row.date_updated),
		template: storedTemplate(row.template),
	};
}
