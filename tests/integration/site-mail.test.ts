/**
 * Mail from sites with a real runtime and control plane (docs/product.md, Mail from sites): a
 * project's site sends its invitations through the platform's mail server (the control plane's mail
 * catcher, as under `npm start`) with links to its own host, under its plan's emails per hour; past
 * them the owner is told once, in their notifications, and nobody else is.
 */
import type { NotificationList, ProjectCredentials } from '@epic/platform-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '@epic/node-support/free-port';
import { api, controlPlane, useOwnControlPlane, type Data } from '../support/api.ts';
import { publishedProject, registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { linkIn, waitForEmail } from '../support/mailbox.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { siteRequest, type SiteTarget } from '../support/site-admin.ts';
import { bootTestControlPlane, type RunningTestControlPlane } from '../support/test-control-plane.ts';
import { loginThroughRouter, TestRuntime } from '../support/test-runtime.ts';
import { readUntil, waitFor } from '../support/wait-for.ts';
import { awayFromTheHoursEnd, ROOM_BEFORE_THE_HOUR_MS } from '../support/clock-hour.ts';

/** The Pro plan's site_mail_per_hour (migration 20990102G), which the sandbox subscription buys. */
const PRO_MAIL_PER_HOUR = 200;

let runtime: TestRuntime;
let own: RunningTestControlPlane;
let owner: TestCustomer;
let stranger: TestCustomer;
let project: { id: string; subdomain: string };
let site: SiteTarget;

async function mailNotices(customer: TestCustomer): Promise<NotificationList['notifications']> {
	const answer = await api<{ data: NotificationList }>('GET', '/account/notifications', { token: customer.token });
	expect(answer.status).toBe(200);
	return answer.body.data.notifications.filter((notification) => notification.kind === 'site_mail_limit');
}

/** Resolves once the site runs with its public URL: a handed-out pool member is relaunched with it. */
async function siteOnItsUrl(url: string): Promise<void> {
	await waitFor(`the site to run with ${url}`, async () => (await runtime.driver.instanceStatus(project.id))?.publicUrl === url, 60_000, 250);
}

async function invite(email: string): Promise<void> {
	const [role] = (await siteRequest<{ data: { id: string }[] }>(site, 'GET', '/roles?fields=id&limit=1', 200)).data;
	await siteRequest(site, 'POST', '/users/invite', 204, { email, role: role!.id });
}

beforeAll(async () => {
	// The two tests send within one clock hour's allowance.
	await awayFromTheHoursEnd();
	const smtpPort = await freeLoopbackPort();
	runtime = new TestRuntime({ db: controlPlane().db, warmPoolSize: 1, siteMailSmtpUrl: `smtp://127.0.0.1:${smtpPort}` });
	await runtime.start();
	own = await bootTestControlPlane(controlPlane().db, {
		label: 'site-mail',
		env: { RUNTIME_URL: runtime.apiUrl, RUNTIME_SECRET: runtime.secret, PUBLIC_HOST: 'localhost', MAIL_CATCHER_SMTP_PORT: String(smtpPort) },
		directusEnv: { INSTANCE_SYNC_SCHEDULE: '* * * * * *' },
	});
	const { stop: _stop, ...handle } = own;
	useOwnControlPlane(handle);
	[owner, stranger] = await Promise.all([registerVerifiedCustomer('mail-owner'), registerVerifiedCustomer('mail-stranger')]);
	await Promise.all([subscribeInSandbox(owner), subscribeInSandbox(stranger)]);
	project = await publishedProject(owner, 'mailing');
	const host = `${project.subdomain}.localhost`;
	await siteOnItsUrl(`http://${host}:${runtime.routerPort}`);
	const { admin_email, admin_password } = (await api<Data<ProjectCredentials>>('GET', `/projects/${project.id}/credentials`, { token: owner.token })).body.data;
	site = { routerUrl: runtime.routerUrl, host, token: await loginThroughRouter(runtime.routerUrl, host, admin_email, admin_password) };
}, 300_000 + ROOM_BEFORE_THE_HOUR_MS);

afterAll(async () => {
	await own?.stop();
	await runtime?.destroy();
});

describe('mail from a hosted site', () => {
	it("sends the site's invitation through the platform's mail server, its link on the site's own host, under the plan's hourly limit", async () => {
		expect((await runtime.driver.instanceStatus(project.id))?.resources?.mailPerHour).toBe(PRO_MAIL_PER_HOUR);
		await invite('first-editor@example.com');
		const email = await waitForEmail('first-editor@example.com', /invited/i);
		const link = linkIn(email, `http://${site.host}:${runtime.routerPort}/`);
		expect(link.pathname).toBe('/admin/accept-invite');
		expect(link.searchParams.get('token')).toBeTruthy();
	});

	it('tells the owner once when the site reaches its emails per hour, and tells nobody else', async () => {
		// A limit the site has already used, set where the plan's is kept: the runtime's record of the site.
		await runtime.driver.setSiteResources(project.id, { mailPerHour: 1 });
		await invite('second-editor@example.com');
		const notices = await readUntil(
			() => mailNotices(owner),
			(now) => now.length > 0,
			30_000,
		);
		expect(notices).toHaveLength(1);
		expect(notices[0]).toMatchObject({ project: project.id, params: { project_name: 'mailing', limit_per_hour: 1 } });

		// Refused again in the same hour: the sync, once a second, finds nothing new to tell.
		await invite('third-editor@example.com');
		const refusedAt = (await runtime.driver.instanceStatus(project.id))?.mail?.limitReachedAt;
		expect(refusedAt).toBeTruthy();
		await new Promise((resolve) => setTimeout(resolve, 3_000));
		expect(await mailNotices(owner)).toHaveLength(1);
		expect(await mailNotices(stranger)).toEqual([]);
	});
});
