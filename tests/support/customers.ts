/**
 * Customers made the way real ones are: public registration, the verification email from the mail
 * catcher, the verification link, then a login; and their first published project.
 */
import { randomBytes } from 'node:crypto';
import type { Project, ProjectTemplate } from '@epic/platform-api';
import { api, controlPlane, login, type Data } from './api.ts';
import { linkIn, waitForEmail } from './mailbox.ts';
import { readUntil } from './wait-for.ts';

export interface TestCustomer {
	id: string;
	email: string;
	password: string;
	token: string;
	/** The token from the verification link, already used. */
	verificationToken: string;
}

/** `label` starts the email address; it is also the first name unless `firstName` is given. */
export async function registerVerifiedCustomer(label: string, options: { firstName?: string; language?: 'en' | 'es' | 'ru' } = {}): Promise<TestCustomer> {
	const email = `${label}-${randomBytes(4).toString('hex')}@example.com`;
	const password = `pw-${randomBytes(8).toString('hex')}`;
	const verificationUrl = `${controlPlane().url}/verify-email`;

	const registered = await api('POST', '/users/register', {
		body: { email, password, first_name: options.firstName ?? label, last_name: 'Customer', verification_url: verificationUrl, language: options.language },
	});
	if (registered.status !== 204) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);

	const email_ = await waitForEmail(email, /verify|verifica|подтвердите/i);
	const token = linkIn(email_, verificationUrl).searchParams.get('token');
	if (!token) throw new Error(`the verification link for ${email} carries no token`);
	// The portal's verification page calls this endpoint with the token from the link.
	const verified = await api('POST', '/account/verify-email', { body: { token } });
	if (verified.status !== 204) throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`);

	const accessToken = await login(email, password);
	const me = await api<{ data?: { id?: string; email?: string } }>('GET', '/account/me', { token: accessToken });
	if (me.status !== 200 || !me.body.data?.id || me.body.data.email !== email) {
		throw new Error(`/account/me for ${email} answered ${me.status} ${JSON.stringify(me.body)}`);
	}
	return { id: me.body.data.id, email, password, token: accessToken, verificationToken: token };
}

/** Creates a project for `customer` (from `template`, else Blank) and waits until it is published; fails the setup otherwise. */
export async function publishedProject(customer: TestCustomer, name: string, template?: ProjectTemplate): Promise<{ id: string; subdomain: string }> {
	const subdomain = `${name}-${randomBytes(3).toString('hex')}`;
	const created = await api<Data<Project>>('POST', '/projects', { token: customer.token, body: { name, subdomain, ...(template ? { template } : {}) } });
	if (created.status !== 201) throw new Error(`Creating ${subdomain} failed: ${JSON.stringify(created.body)}`);
	const id = created.body.data.id;
	const readProject = async () => (await api<Data<Project>>('GET', `/projects/${id}`, { token: customer.token })).body.data;
	const project = await readUntil(readProject, (now) => ['published', 'failed'].includes(now.status), 120_000);
	if (project.status !== 'published') throw new Error(`${subdomain} ended ${project.status}: ${project.failure_reason}`);
	return { id, subdomain };
}
