/**
 * A rolling restart of the control plane under load: the production stack (docker-compose.yml with
 * two control-plane replicas behind Caddy) serves a steady load of sign-ins, the plan list and a
 * project read while `scripts/deploy/rolling-control-plane.sh` replaces every replica; the load
 * goes through Caddy's loopback entry for the replicas (the same balancing and health checks as the
 * public host, without TLS). Prints one JSON object: requests and failures (errors and non-2xx) per
 * target, during the restart and before it, beside the restart's own duration. Target: 0 failed.
 * The stack's abuse limits are raised for the load (one address signs in many times a second).
 * Run: `npm run bench:rolling-restart` (BENCH_RATE requests per second per target, default 10).
 */
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { repoPath } from '@epic/node-support/paths';
import { startProductionStack } from '../tests/support/production-stack.ts';
import { expectStatus, request, signIn, subscribedCustomer } from './lib/control-plane-client.ts';
import { elapsed, now } from './lib/time.ts';

const RATE = Math.max(1, Number(process.env['BENCH_RATE'] ?? 10));
const BASELINE_SECONDS = 10;
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

const stack = await startProductionStack({
	env: { RATE_LIMITER_POINTS: '100000', RATE_LIMITER_LOGIN_POINTS: '100000', LOGIN_LOCK_ATTEMPTS: '100000' },
});
try {
	const base = stack.localControlPlaneUrl;
	log(`stack up; the replicas behind ${base}`);
	const admin = await signIn(base, stack.adminEmail, stack.adminPassword);
	const customer = await subscribedCustomer(base, admin, 'pro');
	const project = expectStatus(
		await request(base, 'POST', '/projects', { token: customer.token, body: { name: 'Rolling', subdomain: `rolling-${Date.now()}` } }),
		201,
		'creating the project',
	);
	const projectId = project.body.data.id as string;

	const targets = [
		{
			label: 'sign_in',
			method: 'POST',
			path: '/auth/login',
			body: JSON.stringify({ email: customer.email, password: customer.password }),
			headers: { 'content-type': 'application/json' },
		},
		{ label: 'plans', method: 'GET', path: '/stripe/plans', headers: {} },
		{ label: 'project_read', method: 'GET', path: `/projects/${projectId}`, headers: { authorization: `Bearer ${customer.token}` } },
	] as const;

	/** Each target at RATE requests per second until `until` resolves. */
	const loadUntil = async (until: Promise<unknown> | number) => {
		const runs = targets.map((target) => {
			const run = autocannon({
				url: `${base}${target.path}`,
				method: target.method,
				headers: target.headers,
				...('body' in target ? { body: target.body } : {}),
				connections: 4,
				overallRate: RATE,
				duration: typeof until === 'number' ? until : 3600,
				timeout: 30,
			});
			return { target, run };
		});
		if (typeof until !== 'number') {
			await until;
			for (const { run } of runs) (run as unknown as { stop(): void }).stop();
		}
		const results = await Promise.all(runs.map(async ({ target, run }) => ({ target: target.label, result: await run })));
		return Object.fromEntries(
			results.map(({ target, result }) => [
				target,
				{
					requests: result.requests.total,
					ok_2xx: result['2xx'],
					non_2xx: result.non2xx,
					errors: result.errors,
					timeouts: result.timeouts,
					latency_ms: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
				},
			]),
		);
	};

	log(`baseline: ${BASELINE_SECONDS} s of load before the restart`);
	const baseline = await loadUntil(BASELINE_SECONDS);

	log('rolling restart under load…');
	const started = now();
	const restart = new Promise<number>((resolve, reject) => {
		const child = spawn(repoPath('scripts/deploy/rolling-control-plane.sh'), ['--project-name', stack.projectName], {
			cwd: repoPath(),
			env: { ...process.env, ...stack.composeEnv },
			stdio: ['ignore', 'inherit', 'inherit'],
		});
		child.once('error', reject);
		child.once('exit', (code) => (code === 0 ? resolve(elapsed(started)) : reject(new Error(`the rolling restart exited with ${code}`))));
	});
	const during = await loadUntil(restart);
	const restartMs = await restart;
	const failed = Object.values(during).reduce((sum, target) => sum + target.non_2xx + target.errors, 0);
	const replicasAfter = (await stack.controlPlaneReplicas()).length;

	process.stdout.write(
		`${JSON.stringify(
			{
				benchmark: 'rolling-restart',
				replicas: replicasAfter,
				rate_per_target_per_s: RATE,
				rolling_restart_s: Math.round(restartMs / 100) / 10,
				targets: { failed_requests_during_restart: { target: 0, value: failed, pass: failed === 0 } },
				during_restart: during,
				baseline,
			},
			null,
			2,
		)}\n`,
	);
} finally {
	await stack.down();
}
