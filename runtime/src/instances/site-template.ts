/**
 * Puts a starter (@epic/site-templates) on a new site through the site's own API, as its first
 * administrator: the schema with Directus's `POST /schema/diff` and `/schema/apply` (merge mode,
 * so nothing of the site's is ever removed), the sample content with one `POST /utils/import` batch
 * (one transaction, in merge mode: items keep their keys, and a second run updates them rather
 * than adding copies), then the policies, their whole-collection permissions and the roles.
 *
 * Every step finds what an earlier, interrupted run left and carries on from there, so provisioning
 * can run it again after any failure. A site that holds only some of the template's collections
 * was changed by someone else: it is refused rather than guessed at.
 */
import type { SiteTemplate, TemplateRole } from '@epic/site-templates';

const REQUEST_TIMEOUT_MS = 30_000;

export class SiteApi {
	readonly #base: string;
	readonly #token: () => Promise<string>;

	/** `token` signs a fresh short-lived admin token per request (site-tier.ts), so no step outlives one. */
	constructor(port: number, token: () => Promise<string>) {
		this.#base = `http://127.0.0.1:${port}`;
		this.#token = token;
	}

	async call<T = unknown>(method: string, path: string, body?: unknown): Promise<T | null> {
		const response = await fetch(`${this.#base}${path}`, {
			method,
			headers: { authorization: `Bearer ${await this.#token()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
			...(body === undefined ? {} : { body: JSON.stringify(body) }),
			signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
		});
		const text = await response.text();
		if (!response.ok) throw new Error(`the site answered ${method} ${path.split('?')[0]} with ${response.status}${reasonOf(text)}`);
		if (!text) return null;
		return (JSON.parse(text) as { data?: T }).data ?? null;
	}
}

/** Directus's own message, when its answer has one. */
function reasonOf(text: string): string {
	try {
		const message = (JSON.parse(text) as { errors?: { message?: string }[] }).errors?.[0]?.message;
		return message ? `: ${message}` : '';
	} catch {
		return '';
	}
}

const idFilter = (ids: string[]) => `filter[id][_in]=${ids.map(encodeURIComponent).join(',')}`;

async function applySchema(site: SiteApi, template: SiteTemplate): Promise<void> {
	const wanted = template.snapshot.collections.map(({ collection }) => collection);
	const existing = new Set(((await site.call<{ collection: string }[]>('GET', '/collections')) ?? []).map(({ collection }) => collection));
	const present = wanted.filter((collection) => existing.has(collection));
	if (present.length === wanted.length) return;
	if (present.length > 0) throw new Error(`the site already has ${present.join(', ')} but not the rest of the template's collections`);
	// `force`: the snapshot names the Directus version and no database vendor; it fits either.
	const diff = await site.call<{ hash: string; diff: unknown }>('POST', '/schema/diff?force=true&mode=merge', template.snapshot);
	if (diff) await site.call('POST', '/schema/apply?force=true', diff);
}

async function applyContent(site: SiteApi, template: SiteTemplate): Promise<void> {
	await site.call('POST', '/utils/import?mode=merge', template.content);
}

/**
 * The policies, their permissions and the roles, each kind read once and what is missing created in
 * one request: every call after a system change makes Directus rebuild its caches, so fewer calls
 * keep creation fast.
 */
async function applyAccess(site: SiteApi, roles: TemplateRole[]): Promise<void> {
	const policies = roles.map((role) => role.policy);
	const policyIds = policies.map((policy) => policy.id);
	const havePolicies = new Set(((await site.call<{ id: string }[]>('GET', `/policies?${idFilter(policyIds)}&fields=id&limit=-1`)) ?? []).map(({ id }) => id));
	const newPolicies = policies.filter((policy) => !havePolicies.has(policy.id));
	if (newPolicies.length > 0) {
		await site.call(
			'POST',
			'/policies',
			newPolicies.map(({ id, name, icon, description }) => ({ id, name, icon, description, app_access: true, admin_access: false, enforce_tfa: false })),
		);
	}

	const granted = await site.call<{ policy: string; collection: string; action: string }[]>(
		'GET',
		`/permissions?filter[policy][_in]=${policyIds.join(',')}&fields=policy,collection,action&limit=-1`,
	);
	const has = new Set((granted ?? []).map(({ policy, collection, action }) => `${policy} ${collection} ${action}`));
	// Every field, no item filter, validation or preset: Core refuses any narrower rule.
	const missing = policies.flatMap((policy) =>
		policy.permissions.flatMap(({ collection, actions }) =>
			actions
				.filter((action) => !has.has(`${policy.id} ${collection} ${action}`))
				.map((action) => ({ policy: policy.id, collection, action, fields: ['*'], permissions: null, validation: null, presets: null })),
		),
	);
	if (missing.length > 0) await site.call('POST', '/permissions', missing);

	const haveRoles = new Set(((await site.call<{ id: string }[]>('GET', `/roles?${idFilter(roles.map((role) => role.id))}&fields=id&limit=-1`)) ?? []).map(({ id }) => id));
	const newRoles = roles.filter((role) => !haveRoles.has(role.id));
	if (newRoles.length > 0) {
		await site.call(
			'POST',
			'/roles',
			newRoles.map(({ id, name, icon, description, policy }) => ({ id, name, icon, description, policies: [{ policy: policy.id }] })),
		);
	}
}

export async function applySiteTemplate(site: SiteApi, template: SiteTemplate): Promise<void> {
	await applySchema(site, template);
	await applyContent(site, template);
	await applyAccess(site, template.roles);
}
