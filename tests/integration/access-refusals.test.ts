/**
 * The access model refuses; it never fails. What a customer or an anonymous caller may not do is
 * answered with a refusal (403 FORBIDDEN, or in GraphQL the caller's permission-scoped schema
 * saying no), what they may do with its answer, and nothing with 500 or INTERNAL_SERVER_ERROR.
 * Every case goes through raw fetch and through the official SDK, the way an API client would.
 */
import {
	createDirectus,
	graphql,
	readComments,
	readDashboards,
	readFolder,
	readFolders,
	readGraphqlSdl,
	readNotifications,
	readPresets,
	readShares,
	rest,
	staticToken,
} from '@directus/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, controlPlane } from '../support/api.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';

interface Outcome {
	status: number;
	codes: string[];
	messages: string[];
	data: unknown;
}

interface ErrorBody {
	errors?: { message?: string; extensions?: { code?: string; errors?: { message?: string }[] } }[];
}

/** Directus nests GraphQL validation messages under the outer error's extensions. */
function outcomeOf(status: number, body: unknown): Outcome {
	const errors = (body as ErrorBody | null)?.errors ?? [];
	return {
		status,
		codes: errors.map((error) => error.extensions?.code ?? '(no code)'),
		messages: errors.flatMap((error) => [error.message ?? '', ...(error.extensions?.errors ?? []).map((inner) => inner.message ?? '')]),
		data: (body as { data?: unknown } | null)?.data ?? null,
	};
}

async function fetched(method: string, path: string, token: string | undefined, body?: unknown): Promise<Outcome> {
	const response = await api(method, path, { ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) });
	return outcomeOf(response.status, response.body);
}

/** The SDK resolves with the data, or rejects with the response and its errors. */
async function viaSdk(call: () => Promise<unknown>): Promise<Outcome> {
	try {
		return { status: 200, codes: [], messages: [], data: await call() };
	} catch (error) {
		const refusal = error as { response?: Response; errors?: unknown };
		if (!refusal.response) throw error;
		return outcomeOf(refusal.response.status, { errors: refusal.errors });
	}
}

function sdk(token: string | undefined) {
	const client = createDirectus(controlPlane().url).with(rest()).with(graphql());
	return token ? client.with(staticToken(token)) : client;
}

const FORBIDDEN = { status: 403, codes: ['FORBIDDEN'] };

/** Staff's Insights dashboard (migrations/20990102B-staff-dashboard.mjs). */
const PLATFORM_DASHBOARD = '8c4d2e6a-1f3b-4c5d-9e7f-2a1b3c4d5e61';

let customer: TestCustomer;
let folderId: string;

beforeAll(async () => {
	customer = await registerVerifiedCustomer('refused');
	const admin = await adminToken();
	const folder = await api<{ data: { id: string } }>('POST', '/folders', { token: admin, body: { name: `private-${customer.id}` } });
	expect(folder.status, JSON.stringify(folder.body)).toBe(200);
	folderId = folder.body.data.id;
	// The folder is there for someone allowed to see it, so refusing it to others means something.
	const asAdmin = await api<{ data: { id: string }[] }>('GET', '/folders', { token: admin });
	expect(asAdmin.status).toBe(200);
	expect(asAdmin.body.data.map((entry) => entry.id)).toContain(folderId);
});

describe.each([
	{ caller: 'a customer', token: () => customer.token },
	{ caller: 'an anonymous caller', token: () => undefined },
])('$caller', ({ token }) => {
	it('gets pong from { server_ping } on /graphql/system, which Directus offers every caller', async () => {
		const expected = { status: 200, codes: [], data: { server_ping: 'pong' } };
		expect(await fetched('POST', '/graphql/system', token(), { query: '{ server_ping }' })).toMatchObject(expected);
		expect(await fetched('GET', '/graphql/system?query=%7B%20server_ping%20%7D', token())).toMatchObject(expected);
		expect(await viaSdk(() => sdk(token()).query('{ server_ping }', {}, 'system'))).toMatchObject(expected);
	});

	it('finds no system collection in its /graphql/system schema', async () => {
		for (const collection of ['users', 'users_me', 'files', 'folders', 'roles', 'presets', 'dashboards', 'shares', 'comments', 'notifications']) {
			const query = `{ ${collection} { id } }`;
			const outcome = await fetched('POST', '/graphql/system', token(), { query });
			expect(outcome, query).toMatchObject({ status: 400, codes: ['GRAPHQL_VALIDATION'], data: null });
			expect(outcome.messages, query).toContain(`Cannot query field "${collection}" on type "Query".`);
		}
		const viaClient = await viaSdk(() => sdk(token()).query('{ users { id email } }', {}, 'system'));
		expect(viaClient).toMatchObject({ status: 400, codes: ['GRAPHQL_VALIDATION'] });
	});

	it('reads its own /graphql/system schema, which names only what it may use', async () => {
		const raw = await api<string>('GET', '/server/specs/graphql/system', token() ? { token: token()! } : {});
		expect(raw.status).toBe(200);
		// Directus sends the SDL as a download (application/octet-stream), which the SDK hands back unread.
		const download = (await sdk(token()).request(readGraphqlSdl('system'))) as unknown as Response;
		for (const sdl of [raw.body, await download.text()]) {
			expect(sdl).toContain('server_ping: String');
			expect(sdl).not.toMatch(/\btype directus_users\b/);
			expect(sdl).not.toMatch(/\bupdate_users_me\b/);
		}
	});

	it('is refused every /graphql mutation with 403 FORBIDDEN', async () => {
		for (const query of ['mutation { __typename }', 'mutation { create_projects_item(data: { name: "mine" }) { id } }']) {
			expect(await fetched('POST', '/graphql', token(), { query }), query).toMatchObject({ ...FORBIDDEN, data: null });
			expect(await viaSdk(() => sdk(token()).query(query)), query).toMatchObject(FORBIDDEN);
		}
	});

	it('may run the sign-in mutations of /graphql/system, whose schema has them for everyone', async () => {
		const outcome = await fetched('POST', '/graphql/system', token(), { query: 'mutation { __typename }' });
		expect(outcome).toMatchObject({ status: 200, codes: [], data: { __typename: 'Mutation' } });
	});

	it('gets a GraphQL request error, not a server error, for an operation it did not name well or a missing variable', async () => {
		const cases = [
			{ body: { query: 'query A { __typename } query B { __typename }' }, message: 'Must provide operation name if query contains multiple operations.' },
			{ body: { query: 'query A { __typename }', operationName: 'B' }, message: 'Unknown operation named "B".' },
			{ body: { query: 'query ($n: Boolean!) { __typename @include(if: $n) }' }, message: 'Variable "$n" of required type "Boolean!" was not provided.' },
		];
		for (const path of ['/graphql', '/graphql/system']) {
			for (const { body, message } of cases) {
				const outcome = await fetched('POST', path, token(), body);
				expect(outcome, `${path} ${body.query}`).toMatchObject({ status: 400, codes: ['GRAPHQL_VALIDATION'], data: null });
				expect(outcome.messages, `${path} ${body.query}`).toContain(message);
			}
		}
	});

	it('is refused /folders and /folders/:id with 403 FORBIDDEN', async () => {
		for (const path of ['/folders', '/folders?limit=1&filter[name][_nnull]=true', `/folders/${folderId}`]) {
			expect(await fetched('GET', path, token()), path).toMatchObject({ ...FORBIDDEN, data: null });
		}
		for (const body of [{}, { query: { limit: 1 } }]) {
			expect(await fetched('SEARCH', '/folders', token(), body), JSON.stringify(body)).toMatchObject(FORBIDDEN);
		}
		expect(await viaSdk(() => sdk(token()).request(readFolders()))).toMatchObject(FORBIDDEN);
		expect(await viaSdk(() => sdk(token()).request(readFolder(folderId)))).toMatchObject(FORBIDDEN);
	});

	it('is refused the other system collections with 403 FORBIDDEN', async () => {
		const paths = [
			'/presets',
			'/dashboards',
			'/panels',
			'/shares',
			'/comments',
			'/notifications',
			'/versions',
			'/activity',
			'/revisions',
			'/flows',
			'/operations',
			'/roles',
			'/policies',
			'/permissions',
			'/settings',
			'/translations',
			'/extensions',
			'/collections',
			'/fields',
			'/relations',
			'/users',
			'/files',
		];
		for (const path of paths) {
			expect(await fetched('GET', path, token()), path).toMatchObject({ ...FORBIDDEN, data: null });
		}
		const client = sdk(token());
		for (const [name, read] of Object.entries({
			readPresets: () => client.request(readPresets()),
			readDashboards: () => client.request(readDashboards()),
			readShares: () => client.request(readShares()),
			readComments: () => client.request(readComments()),
			readNotifications: () => client.request(readNotifications()),
		})) {
			expect(await viaSdk(read), name).toMatchObject(FORBIDDEN);
		}
	});

	it("is refused staff's Platform dashboard and the requests per day it reads, through /items and /graphql", async () => {
		for (const path of [
			'/items/project_daily_requests',
			'/items/project_daily_requests?aggregate[sum]=requests&groupBy[]=day',
			`/dashboards/${PLATFORM_DASHBOARD}`,
			`/panels?filter[dashboard][_eq]=${PLATFORM_DASHBOARD}`,
		]) {
			expect(await fetched('GET', path, token()), path).toMatchObject({ ...FORBIDDEN, data: null });
		}
		// Insights reads a panel's data through /graphql, in this form (the time series panel's query).
		for (const field of ['project_daily_requests', 'project_daily_requests_aggregated']) {
			const query = `{ ${field}(limit: -1) { ${field.endsWith('_aggregated') ? 'group sum { requests }' : 'id requests'} } }`;
			const outcome = await fetched('POST', '/graphql', token(), { query });
			expect(outcome, query).toMatchObject({ status: 400, codes: ['GRAPHQL_VALIDATION'], data: null });
			expect(outcome.messages, query).toContain(`Cannot query field "${field}" on type "Query".`);
		}
	});

	it('reads an OpenAPI description without the tenant collections', async () => {
		const spec = await api<{ openapi: string; paths: Record<string, unknown> }>('GET', '/server/specs/oas', token() ? { token: token()! } : {});
		expect(spec.status).toBe(200);
		expect(spec.body.openapi).toMatch(/^3\./);
		const paths = Object.keys(spec.body.paths);
		for (const collection of ['projects', 'user_subscriptions', 'payment_profiles', 'billing_events', 'project_daily_requests']) {
			expect(
				paths.filter((path) => path.includes(collection)),
				collection,
			).toEqual([]);
		}
	});
});

describe('an admin', () => {
	it('is answered where the callers above are refused, so their refusals come from their permissions', async () => {
		const admin = await adminToken();
		expect(await fetched('POST', '/graphql', admin, { query: 'mutation { __typename }' })).toMatchObject({
			status: 200,
			codes: [],
			data: { __typename: 'Mutation' },
		});
		const named = { query: 'query A { __typename } query B { __typename }', operationName: 'B' };
		expect(await fetched('POST', '/graphql', admin, named)).toMatchObject({ status: 200, codes: [], data: { __typename: 'Query' } });
		const withVariable = { query: 'query ($n: Boolean!) { __typename @include(if: $n) }', variables: { n: true } };
		expect(await fetched('POST', '/graphql/system', admin, withVariable)).toMatchObject({ status: 200, data: { __typename: 'Query' } });
		const folders = await fetched('GET', '/folders', admin);
		expect(folders.status).toBe(200);
		expect((folders.data as { id: string }[]).map((folder) => folder.id)).toContain(folderId);
		expect(await fetched('GET', `/dashboards/${PLATFORM_DASHBOARD}`, admin)).toMatchObject({ status: 200, data: { name: 'Platform' } });
		expect(await fetched('GET', '/items/project_daily_requests?aggregate[sum]=requests&groupBy[]=day', admin)).toMatchObject({ status: 200, codes: [] });
		const aggregated = await fetched('POST', '/graphql', admin, { query: '{ project_daily_requests_aggregated(limit: -1) { count { id } } }' });
		expect(aggregated).toMatchObject({ status: 200, codes: [] });
	});
});
