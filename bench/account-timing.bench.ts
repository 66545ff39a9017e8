/**
 * Whether the time of an answer tells which addresses have accounts: registering a taken address
 * against a new one, and asking a password reset for a known address against an unknown one. Both
 * pairs are sent alternately from one client, so machine noise falls on both alike. Prints one JSON
 * object with each series and the difference of their medians.
 * Run: `npm run bench:account-timing` (BENCH_DB=pg for PostgreSQL; BENCH_SAMPLES).
 */
import { randomBytes } from 'node:crypto';
import { bootTestControlPlane } from '../tests/support/test-control-plane.ts';
import { round, summary } from './lib/statistics.ts';
import { elapsed, now } from './lib/time.ts';

const db = process.env['BENCH_DB'] === 'pg' ? 'pg' : 'sqlite3';
const SAMPLES = Number(process.env['BENCH_SAMPLES'] ?? 30);
const CUSTOMER_ROLE_ID = '6f0a3f5e-2b1c-4d8e-9a47-0c5e1b2d3a41';

const controlPlane = await bootTestControlPlane(db, { label: 'bench-account-timing', env: { LOG_LEVEL: 'error' } });

async function post(path: string, body: unknown, token?: string): Promise<{ status: number; ms: number; json: unknown }> {
	const started = now();
	const response = await fetch(`${controlPlane.url}${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
		body: JSON.stringify(body),
	});
	const text = await response.text();
	return { status: response.status, ms: elapsed(started), json: text ? JSON.parse(text) : null };
}

const fresh = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.com`;

try {
	const signIn = await post('/auth/login', { email: controlPlane.adminEmail, password: controlPlane.adminPassword });
	const adminToken = (signIn.json as { data: { access_token: string } }).data.access_token;
	const known = fresh('known');
	const created = await post('/users', { email: known, password: 'Bench-known-pass-1', role: CUSTOMER_ROLE_ID, status: 'active' }, adminToken);
	if (created.status !== 200) throw new Error(`creating the known customer answered ${created.status}`);

	const verificationUrl = `${controlPlane.url}/verify-email`;
	const resetUrl = `${controlPlane.url}/reset-password`;
	const series: Record<'registerTaken' | 'registerNew' | 'resetKnown' | 'resetUnknown', number[]> = {
		registerTaken: [],
		registerNew: [],
		resetKnown: [],
		resetUnknown: [],
	};
	const statuses = new Set<number>();
	for (let sample = 0; sample < SAMPLES; sample++) {
		for (const [name, path, body] of [
			['registerTaken', '/users/register', { email: known, password: 'Bench-other-pass-1', verification_url: verificationUrl }],
			['registerNew', '/users/register', { email: fresh('new'), password: 'Bench-other-pass-1', verification_url: verificationUrl }],
			['resetKnown', '/auth/password/request', { email: known, reset_url: resetUrl }],
			['resetUnknown', '/auth/password/request', { email: fresh('nobody'), reset_url: resetUrl }],
		] as const) {
			const answer = await post(path, body);
			statuses.add(answer.status);
			series[name].push(answer.ms);
		}
	}
	const report = Object.fromEntries(Object.entries(series).map(([name, values]) => [name, summary(values)])) as Record<keyof typeof series, ReturnType<typeof summary>>;
	console.log(
		JSON.stringify(
			{
				db,
				samples: SAMPLES,
				statuses: [...statuses],
				registration: { taken: report.registerTaken, new: report.registerNew, medianDifferenceMs: round(report.registerNew.p50 - report.registerTaken.p50) },
				passwordReset: { known: report.resetKnown, unknown: report.resetUnknown, medianDifferenceMs: round(report.resetKnown.p50 - report.resetUnknown.p50) },
			},
			null,
			2,
		),
	);
} finally {
	await controlPlane.stop();
}
