/**
 * Benchmark projects on a runtime: provisioning one (`ensureInstance` to a successful admin login
 * through the router, timed in its two parts), the report over a series of provisionings, and the
 * collection with items that the authenticated read of the router comparison fetches.
 */
import { hostRequest, jsonBody } from '../../tests/support/host-request.ts';
import { loginThroughRouter, type TestRuntime } from '../../tests/support/test-runtime.ts';
import type { RuntimeStatus } from './runtime-api.ts';
import { round, summary } from './statistics.ts';
import { elapsed, now } from './time.ts';

function admin(index: number) {
	return { email: `admin-${index}@bench-example.com`, password: `bench-password-${index}-${process.pid}` };
}

/** `ensureInstance` to a successful admin login through the router. */
export async function provision(rt: TestRuntime, index: number, prefix: string) {
	const projectId = `${prefix}-${index}`;
	const subdomain = `${prefix}-${index}`;
	const credentials = admin(index);
	const started = now();
	const status = (await rt.driver.ensureInstance({ projectId, subdomain, projectName: `Bench ${prefix} ${index}`, admin: credentials })) as RuntimeStatus;
	const ensureMs = elapsed(started);
	const token = await loginThroughRouter(rt.routerUrl, `${subdomain}.localhost`, credentials.email, credentials.password);
	const totalMs = elapsed(started);
	return { projectId, subdomain, host: `${subdomain}.localhost`, token, status, ensureMs, loginMs: totalMs - ensureMs, totalMs };
}

export type ProvisionedProject = Awaited<ReturnType<typeof provision>>;

export function provisionReport(samples: ProvisionedProject[]) {
	const sources: Record<string, number> = {};
	for (const sample of samples) sources[sample.status.source ?? 'unknown'] = (sources[sample.status.source ?? 'unknown'] ?? 0) + 1;
	return {
		ensure_to_login_ms: summary(samples.map((sample) => sample.totalMs)),
		ensure_only_ms: summary(samples.map((sample) => sample.ensureMs)),
		login_only_ms: summary(samples.map((sample) => sample.loginMs)),
		sources,
		samples_ms: samples.map((sample) => round(sample.totalMs)),
	};
}

/** Creates a `bench_articles` collection with 25 items; returns the path that reads them. */
export async function prepareCollection(rt: TestRuntime, host: string, token: string): Promise<string> {
	const auth = { authorization: `Bearer ${token}` };
	const collection = await hostRequest(rt.routerUrl, host, '/collections', {
		method: 'POST',
		headers: { ...auth, 'content-type': 'application/json' },
		body: JSON.stringify({
			collection: 'bench_articles',
			meta: {},
			schema: {},
			fields: [
				{ field: 'id', type: 'integer', meta: { hidden: true, readonly: true }, schema: { is_primary_key: true, has_auto_increment: true } },
				{ field: 'title', type: 'string', meta: {}, schema: {} },
				{ field: 'body', type: 'text', meta: {}, schema: {} },
				{ field: 'published', type: 'boolean', meta: {}, schema: { default_value: true } },
			],
		}),
	});
	if (collection.status !== 200) throw new Error(`Creating the collection failed (${collection.status}): ${collection.body}`);
	const items = Array.from({ length: 25 }, (_, i) => ({ title: `Article ${i + 1}`, body: `Body of article ${i + 1}. `.repeat(20), published: i % 3 !== 0 }));
	const inserted = await hostRequest(rt.routerUrl, host, '/items/bench_articles', { method: 'POST', ...jsonBody(items), headers: { ...auth, 'content-type': 'application/json' } });
	if (inserted.status !== 200) throw new Error(`Inserting items failed (${inserted.status}): ${inserted.body}`);
	return '/items/bench_articles?limit=25&sort=-id';
}
