/**
 * Templates at creation (docs/product.md, Templates) with a real runtime: a project created from
 * each starter is published with the starter's collections, sample items and roles on its site, as
 * its admin reads them there, and the site stays within Directus's Core tier; a Blank project's
 * site holds none of it; a template the platform does not offer is refused and creates nothing.
 */
import type { Project, ProjectCredentials, ProjectTier } from '@epic/platform-api';
import { SITE_TEMPLATES, type SiteTemplate } from '@epic/site-templates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type ApiError, type Data } from '../support/api.ts';
import { publishedProject, registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { siteRequest, type SiteTarget } from '../support/site-admin.ts';
import { workerJourneyStack, type WorkerJourneyStack } from '../support/journey-stack.ts';
import { loginThroughRouter } from '../support/test-runtime.ts';

/** Provisioning one site: a cold one once the warm pool is used up, on a loaded machine. */
const PROVISIONING_MS = 150_000;

let stack: WorkerJourneyStack;
let runtime: WorkerJourneyStack['runtime'];
let owner: TestCustomer;
/** A second customer: the sandbox plan allows three projects, one per template. */
let blankOwner: TestCustomer;

beforeAll(async () => {
	stack = workerJourneyStack();
	({ runtime } = stack);
	[owner, blankOwner] = await Promise.all([registerVerifiedCustomer('templates'), registerVerifiedCustomer('templates-blank')]);
	await Promise.all([subscribeInSandbox(owner), subscribeInSandbox(blankOwner)]);
}, 300_000);

afterAll(async () => {
	await stack?.stopSites();
});

async function readProject(id: string, customer = owner): Promise<Project> {
	const answer = await api<{ data: Project }>('GET', `/projects/${id}`, { token: customer.token });
	expect(answer.status).toBe(200);
	return answer.body.data;
}

/** The project's site, as its admin signs in there with the credentials the owner is given. */
async function siteOf(project: { id: string; subdomain: string }, customer = owner): Promise<SiteTarget> {
	const answer = await api<{ data: ProjectCredentials }>('GET', `/projects/${project.id}/credentials`, { token: customer.token });
	expect(answer.status).toBe(200);
	const host = `${project.subdomain}.localhost`;
	return { routerUrl: runtime.routerUrl, host, token: await loginThroughRouter(runtime.routerUrl, host, answer.body.data.admin_email, answer.body.data.admin_password) };
}

/** The site's own collections (not Directus's). */
async function userCollections(site: SiteTarget): Promise<string[]> {
	const { data } = await siteRequest<{ data: { collection: string }[] }>(site, 'GET', '/collections', 200);
	return data
		.map(({ collection }) => collection)
		.filter((name) => !name.startsWith('directus_'))
		.sort();
}

async function roleNames(site: SiteTarget): Promise<string[]> {
	const { data } = await siteRequest<{ data: { name: string }[] }>(site, 'GET', '/roles?fields=name&limit=-1', 200);
	return data.map(({ name }) => name).sort();
}

describe('a project created from a template', () => {
	it.each(Object.values(SITE_TEMPLATES))(
		'$id: the site holds its collections, sample items and roles, within the Core tier',
		async (template: SiteTemplate) => {
			const project = await publishedProject(owner, `tpl-${template.id}`, template.id);
			const stored = await readProject(project.id);
			expect(stored.template).toBe(template.id);
			expect(stored.steps.find((step) => step.name === 'database')?.detail).toContain('template');

			const site = await siteOf(project);
			expect(await userCollections(site)).toEqual(template.snapshot.collections.map(({ collection }) => collection).sort());
			for (const { collection, items } of template.content) {
				const singleton = template.snapshot.collections.find((each) => each.collection === collection)?.meta['singleton'] === true;
				const { data } = await siteRequest<{ data: Record<string, unknown>[] | Record<string, unknown> }>(site, 'GET', `/items/${collection}?limit=-1&sort=id`, 200);
				const read = singleton ? [data as Record<string, unknown>] : (data as Record<string, unknown>[]);
				expect(read.length, collection).toBe(items.length);
				// Each sample item as the template has it; numbers compared as numbers (PostgreSQL answers a decimal as text).
				items.forEach((item, index) => {
					for (const [field, value] of Object.entries(item)) {
						const answered = read[index]![field];
						if (typeof value === 'number') expect(Number(answered), `${collection}.${field}`).toBe(value);
						else expect(answered, `${collection}.${field}`).toEqual(value);
					}
				});
			}
			expect(await roleNames(site)).toEqual(['Administrator', ...template.roles.map((role) => role.name)].sort());
			for (const role of template.roles) {
				const { data } = await siteRequest<{ data: { collection: string; action: string; fields: string[]; permissions: unknown }[] }>(
					site,
					'GET',
					`/permissions?filter[policy][_eq]=${role.policy.id}&limit=-1`,
					200,
				);
				const granted = data.map(({ collection, action }) => `${collection} ${action}`).sort();
				expect(granted).toEqual(role.policy.permissions.flatMap(({ collection, actions }) => actions.map((action) => `${collection} ${action}`)).sort());
			}

			// Directus's own account of its tier: the template's collections counted, nothing past a limit.
			const tier = await api<Data<ProjectTier>>('GET', `/projects/${project.id}/tier`, { token: owner.token });
			expect(tier.body.data).toMatchObject({
				available: true,
				status: 'active',
				collections: { used: template.snapshot.collections.length, limit: 25 },
				flows: { used: 0 },
				seats: { used: 1 },
			});
		},
		PROVISIONING_MS,
	);

	it(
		'Blank: the site has no collection of its own and only the Administrator role',
		async () => {
			const project = await publishedProject(blankOwner, 'tpl-blank');
			expect((await readProject(project.id, blankOwner)).template).toBe('blank');
			const site = await siteOf(project, blankOwner);
			expect(await userCollections(site)).toEqual([]);
			expect(await roleNames(site)).toEqual(['Administrator']);
		},
		PROVISIONING_MS,
	);

	it('a template the platform does not offer is refused with a clear message, and nothing is created', async () => {
		const before = await api<{ data: Project[] }>('GET', '/projects', { token: blankOwner.token });
		const subdomain = `tpl-unknown-${Date.now().toString(36)}`;
		const refused = await api<ApiError>('POST', '/projects', { token: blankOwner.token, body: { name: 'Wiki', subdomain, template: 'wiki' } });
		expect(refused.status).toBe(400);
		expect(refused.body.errors[0].extensions.code).toBe('INVALID_PAYLOAD');
		expect(refused.body.errors[0].message).toContain('template: Template must be one of: blank, blog, company, catalogue');
		const after = await api<{ data: Project[] }>('GET', '/projects', { token: blankOwner.token });
		expect(after.body.data.map(({ id }) => id)).toEqual(before.body.data.map(({ id }) => id));
		expect(after.body.data.some((project) => project.subdomain === subdomain)).toBe(false);
	});
});
