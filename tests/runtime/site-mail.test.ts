/**
 * Mail from sites (docs/product.md, Mail from sites): a site's Directus sends through the runtime's
 * relay to the platform's mail server (here a real MailDev), from the platform's address under the
 * project's name, with links to the site's own host; past its plan's hourly limit the send fails
 * with a message in the site's log, nothing reaches the mail server, and the site's status says so.
 * The relay takes only a site's own credentials.
 */
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freeLoopbackPort } from '@epic/node-support/free-port';
import { startMailCatcher, type MailCatcher } from '@epic/local-platform/mail-catcher';
import { hostRequest, jsonBody } from '../support/host-request.ts';
import { loginThroughRouter, TestRuntime } from '../support/test-runtime.ts';
import { waitFor } from '../support/wait-for.ts';
import { awayFromTheHoursEnd, ROOM_BEFORE_THE_HOUR_MS } from '../support/clock-hour.ts';

interface CaughtEmail {
	subject: string;
	html: string;
	from: { address: string; name: string }[];
	to: { address: string }[];
}

const admin = { email: 'owner@example.com', password: 'mail-secret-password' };
const PER_HOUR = 3;
let catcher: MailCatcher;
let runtime: TestRuntime;
let token: string;

const siteHost = () => `mailing.localhost:${runtime.routerPort}`;

async function caught(): Promise<CaughtEmail[]> {
	return (await (await fetch(`${catcher.uiUrl}/email`)).json()) as CaughtEmail[];
}

// The waits cover a CI machine at a load of 13 on its 2 cores, where a site's boot took over a
// minute: Directus sends an invitation after answering the request, through the relay.
function emailTo(address: string, timeoutMs = 60_000): Promise<CaughtEmail> {
	return waitFor(`an email to ${address}`, async () => (await caught()).find((email) => email.to.some((to) => to.address === address)), timeoutMs, 200);
}

/** Lines of the site's log once one matches, read through the runtime's API as the owner's view is. */
function logLineMatching(pattern: RegExp, timeoutMs = 60_000): Promise<string> {
	return waitFor(
		`a line matching ${pattern} in the site's log`,
		async () => (await runtime.driver.siteLog('p-mail')).lines.find((candidate) => pattern.test(candidate)),
		timeoutMs,
		250,
	);
}

async function invite(email: string): Promise<void> {
	const roles = await hostRequest(runtime.routerUrl, siteHost(), '/roles?fields=id&limit=1', { headers: { authorization: `Bearer ${token}` } });
	const role = roles.json<{ data: { id: string }[] }>().data[0]!.id;
	const body = jsonBody({ email, role });
	const answer = await hostRequest(runtime.routerUrl, siteHost(), '/users/invite', {
		method: 'POST',
		headers: { ...body.headers, authorization: `Bearer ${token}` },
		body: body.body,
	});
	expect(answer.status, answer.body).toBe(204);
}

beforeAll(async () => {
	await awayFromTheHoursEnd();
	const smtpPort = await freeLoopbackPort();
	catcher = await startMailCatcher({ smtpPort, uiPort: await freeLoopbackPort() });
	runtime = new TestRuntime({ warmPoolSize: 0, siteMailSmtpUrl: `smtp://127.0.0.1:${smtpPort}` });
	await runtime.start();
	const status = await runtime.driver.ensureInstance({
		projectId: 'p-mail',
		subdomain: 'mailing',
		projectName: 'Mailing Blog',
		admin,
		resources: { mailPerHour: PER_HOUR },
	});
	expect(status.publicUrl).toBe(`http://${siteHost()}`);
	token = await loginThroughRouter(runtime.routerUrl, 'mailing.localhost', admin.email, admin.password);
}, 180_000 + ROOM_BEFORE_THE_HOUR_MS);

afterAll(async () => {
	await runtime?.destroy();
	await catcher?.close();
});

describe('mail from a site', () => {
	test("an invitation reaches the mail server from the platform's address under the project's name, its link on the site's own host", async () => {
		await invite('editor-1@example.com');
		const email = await emailTo('editor-1@example.com');
		expect(email.from).toEqual([{ address: 'sites@localhost', name: 'Mailing Blog' }]);
		const link = [...email.html.matchAll(/href="([^"]+accept-invite[^"]*)"/g)].map((match) => new URL(match[1]!.replaceAll('&amp;', '&')));
		expect(link).toHaveLength(1);
		expect(link[0]!.host).toBe(siteHost());
		expect(link[0]!.pathname).toBe('/admin/accept-invite');
		expect((await runtime.driver.instanceStatus('p-mail'))?.mail).toMatchObject({ sentThisHour: 1, limitPerHour: PER_HOUR, limitReachedAt: null });
	}, 120_000);

	test("past the plan's hourly limit the send fails, the site's log says why, and nothing reaches the mail server", async () => {
		await invite('editor-2@example.com');
		await invite('editor-3@example.com');
		await emailTo('editor-3@example.com');
		await invite('editor-4@example.com');
		const line = await logLineMatching(/Hourly mail limit reached/);
		expect(line).toContain(`this site may send ${PER_HOUR} emails an hour on its plan`);
		expect(line).toMatch(/sending resumes at \d\d:\d\d UTC/);
		// The refusal is logged after the relay answered: a message it had passed on would be there by now.
		expect((await caught()).filter((email) => email.to.some((to) => to.address === 'editor-4@example.com'))).toEqual([]);
		const mail = (await runtime.driver.instanceStatus('p-mail'))?.mail;
		expect(mail).toMatchObject({ sentThisHour: PER_HOUR, limitPerHour: PER_HOUR });
		expect(Date.parse(mail!.limitReachedAt!)).toBeGreaterThan(Date.now() - 5 * 60_000);
	}, 180_000);

	test("the relay takes no credentials but a site's own", async () => {
		const send = (user: string, pass: string) =>
			nodemailer
				.createTransport({ host: '127.0.0.1', port: runtime.mailRelayPort, secure: false, ignoreTLS: true, auth: { user, pass } })
				.sendMail({ from: 'x@example.com', to: 'victim@example.com', subject: 'spoof', text: 'spoof' });
		await expect(send('p-mail', 'not-the-password')).rejects.toMatchObject({ responseCode: 535 });
		await expect(send('p-unknown', 'anything')).rejects.toMatchObject({ responseCode: 535 });
		const anonymous = nodemailer.createTransport({ host: '127.0.0.1', port: runtime.mailRelayPort, secure: false, ignoreTLS: true });
		await expect(anonymous.sendMail({ from: 'x@example.com', to: 'victim@example.com', subject: 'spoof', text: 'spoof' })).rejects.toMatchObject({ responseCode: 530 });
		expect((await caught()).filter((email) => email.to.some((to) => to.address === 'victim@example.com'))).toEqual([]);
	});
});
