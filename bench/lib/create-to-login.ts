/**
 * One project's way from the customer's `POST /projects` to a successful sign-in to its own
 * Directus Studio, as the portal and the customer take it: create, poll `GET /projects/:id` until
 * it is published, reveal the credentials, log in through the router. Timed as a whole and in its
 * parts, with the runtime's own share (the database step's timestamps) and whether the database
 * came from the warm pool; and the report over a series of them.
 */
import type { Project, ProjectCredentials, ProjectTemplate } from '@epic/platform-api';
import { loginThroughRouter } from '../../tests/support/test-runtime.ts';
import { expectStatus, request } from './control-plane-client.ts';
import { round, summary } from './statistics.ts';
import { elapsed, now, sleep } from './time.ts';

/** How often the project is polled: short, so the poll adds little to the figure. */
export const POLL_MS = 50;
const PUBLISH_TIMEOUT_MS = 120_000;

export interface CreationSample {
	projectId: string;
	/** POST /projects sent until the Studio login answered 200. */
	totalMs: number;
	/** POST /projects sent until it answered 201. */
	createMs: number;
	/** POST /projects sent until a poll saw `published`. */
	publishedMs: number;
	/** Credentials revealed and the Studio login, after `published` was seen. */
	loginMs: number;
	/** The database step as the reconciler recorded it (the runtime's ensure), from its timestamps. */
	databaseStepMs: number | null;
	databaseDetail: string;
	polls: number;
}

function stepMs(project: Project, name: string): number | null {
	const step = project.steps.find((candidate) => candidate.name === name);
	if (!step?.started_at || !step.finished_at) return null;
	return Date.parse(step.finished_at) - Date.parse(step.started_at);
}

/** `template`: the starter to create from (the database step then includes applying it); Blank when left out. */
export async function createToLogin(controlPlaneUrl: string, routerUrl: string, token: string, subdomain: string, template?: ProjectTemplate): Promise<CreationSample> {
	const started = now();
	const body = { name: `Bench ${subdomain}`, subdomain, ...(template ? { template } : {}) };
	const created = expectStatus(await request<{ data: Project }>(controlPlaneUrl, 'POST', '/projects', { token, body }), 201, 'POST /projects');
	const createMs = elapsed(started);
	const projectId = created.body.data.id;

	let project = created.body.data;
	let polls = 0;
	while (project.status !== 'published') {
		if (project.status === 'failed') throw new Error(`${subdomain} failed: ${project.failure_reason}`);
		if (elapsed(started) > PUBLISH_TIMEOUT_MS) throw new Error(`${subdomain} was not published within ${PUBLISH_TIMEOUT_MS} ms (${project.status})`);
		await sleep(POLL_MS);
		project = expectStatus(await request<{ data: Project }>(controlPlaneUrl, 'GET', `/projects/${projectId}`, { token }), 200, `GET /projects/${projectId}`).body.data;
		polls++;
	}
	const publishedMs = elapsed(started);

	const revealed = expectStatus(
		await request<{ data: ProjectCredentials }>(controlPlaneUrl, 'GET', `/projects/${projectId}/credentials`, { token }),
		200,
		'GET /projects/:id/credentials',
	).body.data;
	await loginThroughRouter(routerUrl, `${subdomain}.localhost`, revealed.admin_email, revealed.admin_password);
	const totalMs = elapsed(started);
	return {
		projectId,
		totalMs,
		createMs,
		publishedMs,
		loginMs: totalMs - publishedMs,
		databaseStepMs: stepMs(project, 'database'),
		databaseDetail: project.steps.find((step) => step.name === 'database')?.detail ?? 'none',
		polls,
	};
}

/** What the reconciler records for a database from the warm pool (project-reconciler.ts). */
const WARM_POOL_DETAIL = /warm pool/i;

export function creationReport(samples: CreationSample[]) {
	const details: Record<string, number> = {};
	for (const sample of samples) details[sample.databaseDetail] = (details[sample.databaseDetail] ?? 0) + 1;
	const stepTimes = samples.flatMap((sample) => (sample.databaseStepMs === null ? [] : [sample.databaseStepMs]));
	return {
		create_to_login_ms: summary(samples.map((sample) => sample.totalMs)),
		from_warm_pool: samples.filter((sample) => WARM_POOL_DETAIL.test(sample.databaseDetail)).length,
		database_step_details: details,
		parts_ms: {
			post_projects: summary(samples.map((sample) => sample.createMs)),
			until_published_seen: summary(samples.map((sample) => sample.publishedMs)),
			runtime_ensure_database_step: summary(stepTimes),
			credentials_and_studio_login: summary(samples.map((sample) => sample.loginMs)),
		},
		polls_per_project: summary(samples.map((sample) => sample.polls)),
		samples_ms: samples.map((sample) => round(sample.totalMs)),
	};
}
