/**
 * The help centre's contact form: a message is stored where staff read it, support is emailed with
 * the sender's address to reply to, the sender gets a copy in their language; bad input is refused
 * naming the field and stores nothing; customers cannot read the messages through Directus; one
 * address receives at most three copies a day. (The per-client-address limit is in
 * abuse-limits.test.ts, which runs with the product's defaults.)
 */
import { randomBytes } from 'node:crypto';
import type { ContactMessageReceipt } from '@epic/platform-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, type ApiError, type Data } from '../support/api.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { waitForEmail } from '../support/mailbox.ts';
import { TEST_SUPPORT_EMAIL } from '../support/test-control-plane.ts';

let admin: string;
let customer: TestCustomer;

const unique = () => randomBytes(4).toString('hex');

async function storedMessages(filter: string) {
	const answer = await api<Data<Record<string, unknown>[]>>('GET', `/items/contact_messages?${filter}&fields=*`, { token: admin });
	expect(answer.status, JSON.stringify(answer.body)).toBe(200);
	return answer.body.data;
}

beforeAll(async () => {
	admin = await adminToken();
	customer = await registerVerifiedCustomer('contact');
});

describe('the contact form', () => {
	it("stores a visitor's message, emails support with the sender to reply to, and sends the sender a receipt in their language without their words", async () => {
		const subject = `Custom domains ${unique()}`;
		const email = `visitor-${unique()}@example.com`;
		const sent = await api<Data<ContactMessageReceipt>>('POST', '/contact', {
			body: { name: '  Ana Visitante ', email, subject, message: 'How long does DNS take?' },
			headers: { 'accept-language': 'es-ES,es;q=0.9' },
		});
		expect(sent.status, JSON.stringify(sent.body)).toBe(201);
		const [stored] = await storedMessages(`filter[id][_eq]=${sent.body.data.id}`);
		expect(stored).toMatchObject({ name: 'Ana Visitante', email, subject, message: 'How long does DNS take?', user: null, language: 'es' });
		expect(stored!['date_created']).toBeTruthy();

		const notice = await waitForEmail(TEST_SUPPORT_EMAIL, new RegExp(`^Contact form: ${subject}$`));
		expect(notice.text).toContain(`Ana Visitante <${email}> (not signed in) wrote:`);
		expect(notice.text).toContain('How long does DNS take?');
		expect((notice as unknown as { headers: Record<string, string> }).headers['reply-to']).toBe(email);
		// Anyone can type any address: a visitor's receipt carries none of the text they typed.
		const receipt = await waitForEmail(email, /^Hemos recibido tu mensaje$/);
		expect(receipt.text).toContain('Gracias por escribirnos');
		expect(receipt.text).not.toContain('How long does DNS take?');
		expect(receipt.text).not.toContain('Ana');
		expect(receipt.text).not.toContain(subject);
	});

	it('mails no free text to an address a signed-in customer typed that is not their own', async () => {
		const subject = `Spam ${unique()}`;
		const victim = `victim-${unique()}@example.com`;
		const sent = await api('POST', '/contact', { token: customer.token, body: { name: 'Cheap Pills', email: victim, subject, message: 'Visit pills.example for cheap pills.' } });
		expect(sent.status).toBe(201);
		const receipt = await waitForEmail(victim, /^We received your message$/);
		expect(receipt.text).not.toContain('pills');
		expect(receipt.text).not.toContain('Cheap Pills');
		expect(receipt.subject).not.toContain(subject);
	});

	it('links a signed-in customer to the message', async () => {
		const subject = `Billing ${unique()}`;
		const sent = await api<Data<ContactMessageReceipt>>('POST', '/contact', {
			token: customer.token,
			body: { name: 'Cus Tomer', email: customer.email, subject, message: 'Invoice question.' },
		});
		expect(sent.status).toBe(201);
		const [stored] = await storedMessages(`filter[id][_eq]=${sent.body.data.id}`);
		expect(stored).toMatchObject({ user: customer.id, email: customer.email, language: 'en' });
		const notice = await waitForEmail(TEST_SUPPORT_EMAIL, new RegExp(`^Contact form: ${subject}$`));
		expect(notice.text).toContain(`(signed in as ${customer.email})`);
		// Writing from their own address, they get their words back.
		const copy = await waitForEmail(customer.email, new RegExp(`^We received your message: ${subject}$`));
		expect(copy.text).toContain('Invoice question.');
	});

	it.each([
		[{ email: 'a@example.com', subject: 'S', message: 'M' }, 'name: This field is required'],
		[{ name: '   ', email: 'a@example.com', subject: 'S', message: 'M' }, 'name: This field is required'],
		[{ name: 'N', subject: 'S', message: 'M' }, 'email: This field is required'],
		[{ name: 'N', email: 'not-an-email', subject: 'S', message: 'M' }, 'email: Please enter a valid email address'],
		[{ name: 'N', email: 'a@example.com', message: 'M' }, 'subject: This field is required'],
		[{ name: 'N', email: 'a@example.com', subject: 'S', message: ' ' }, 'message: This field is required'],
		[{ name: 'N', email: 'a@example.com', subject: 'Line\r\nBcc: x@example.com', message: 'M' }, 'subject: must be one line'],
		[{ name: 'N', email: 'a@example.com', subject: 'S', message: 'x'.repeat(5001) }, 'message: must be at most 5000 characters'],
		[{ name: 'N', email: 'a@example.com', subject: 'S', message: 'M', user: 'someone' }, 'user'],
	])('refuses %j naming the field, and stores nothing', async (body, message) => {
		const before = (await storedMessages('aggregate[count]=id'))[0];
		const refused = await api<ApiError>('POST', '/contact', { body });
		expect(refused.status).toBe(400);
		expect(refused.body.errors[0].extensions.code).toBe('INVALID_PAYLOAD');
		expect(refused.body.errors[0].message).toContain(message);
		expect((await storedMessages('aggregate[count]=id'))[0]).toEqual(before);
	});

	it('is not readable by customers through Directus', async () => {
		expect((await api('GET', '/items/contact_messages', { token: customer.token })).status).toBe(403);
		expect((await api('GET', '/items/contact_messages')).status).toBe(403);
	});

	it('sends one mailbox at most three emails a day, +tags and case folded, refusing the fourth message to it', async () => {
		const local = `copies-${unique()}`;
		const email = `${local}@example.com`;
		const addresses = [email, `${local}+one@example.com`, `${local.toUpperCase()}+two@Example.com`, `${local}+three@example.com`];
		const body = (n: number) => ({ name: 'Repeat', email: addresses[n - 1]!, subject: `Copy ${n}`, message: 'Again.' });
		for (let n = 1; n <= 3; n++) expect((await api('POST', '/contact', { body: body(n) })).status, `message ${n}`).toBe(201);
		const refused = await api<ApiError>('POST', '/contact', { body: body(4) });
		expect(refused.status).toBe(429);
		expect(refused.body.errors[0].extensions.code).toBe('REQUESTS_EXCEEDED');
		expect(await storedMessages(`filter[email][_in]=${addresses.map(encodeURIComponent).join(',')}`)).toHaveLength(3);
	});
});
