/**
 * Notifications through the account API (docs/product.md, Notifications), from real billing events
 * of the sandbox: cancelling tells the owner the subscription is canceling, the clock passing the
 * period tells them it ended, and a renewal that cannot be charged tells its payer the payment
 * failed. Each customer lists and marks only their own; bad input is refused naming the field and
 * marks nothing; customers cannot reach the collection through Directus; the list holds the 50
 * newest while the count covers all; the notifications go with the account. (Project and domain
 * notifications are checked in provisioning.test.ts, which has a runtime.)
 */
import type { AccountNotification, MarkNotificationsReadResult, NotificationList, Subscription } from '@epic/platform-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, type ApiError, type Data } from '../support/api.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { waitForEmail } from '../support/mailbox.ts';
import { SANDBOX_CARD, subscribeInSandbox, type CheckoutStarted } from '../support/sandbox-subscription.ts';
import { readUntil } from '../support/wait-for.ts';

let admin: string;
let owner: TestCustomer;
let payer: TestCustomer;
let stranger: TestCustomer;
let canceling: AccountNotification;

async function listOf(customer: TestCustomer): Promise<NotificationList> {
	const answer = await api<{ data: NotificationList }>('GET', '/account/notifications', { token: customer.token });
	expect(answer.status, JSON.stringify(answer.body)).toBe(200);
	return answer.body.data;
}

/** Polls the customer's list until `done` holds or the time is up, then returns the last list. */
function listWhen(customer: TestCustomer, done: (list: NotificationList) => boolean, timeoutMs = 15_000): Promise<NotificationList> {
	return readUntil(() => listOf(customer), done, timeoutMs, 200);
}

const kinds = (list: NotificationList) => list.notifications.map((notification) => notification.kind);

/** `T`: the counts, unless the test expects a refusal (`ApiError`). */
function markRead<T = Data<MarkNotificationsReadResult>>(customer: TestCustomer, body?: unknown) {
	return api<T>('POST', '/account/notifications/read', { token: customer.token, ...(body === undefined ? {} : { body }) });
}

/** A paid starter subscription on the card that pays now and fails at the first renewal. */
async function subscribeWithFailingRenewal(customer: TestCustomer): Promise<void> {
	const checkout = await api<Data<CheckoutStarted>>('POST', '/stripe/create-checkout-session', {
		token: customer.token,
		body: { plan_id: 'starter', period: 'monthly', ui_mode: 'embedded' },
	});
	expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
	const paid = await api('POST', '/stripe/sandbox/confirm', {
		token: customer.token,
		body: { session_id: checkout.body.data.id, ...SANDBOX_CARD, card_number: '4000 0000 0000 0341', email: 'payer@example.com' },
	});
	expect(paid.status, JSON.stringify(paid.body)).toBe(200);
	expect((await api<Data<Subscription>>('GET', '/stripe/subscription', { token: customer.token })).body.data).toMatchObject({ status: 'active', plan: { id: 'starter' } });
}

beforeAll(async () => {
	admin = await adminToken();
	[owner, payer, stranger] = await Promise.all([registerVerifiedCustomer('notified'), registerVerifiedCustomer('notified-payer'), registerVerifiedCustomer('not-notified')]);
	await Promise.all([subscribeInSandbox(owner), subscribeWithFailingRenewal(payer)]);
});

describe('notifications', () => {
	it('start empty', async () => {
		expect(await listOf(stranger)).toEqual({ notifications: [], unread: 0 });
	});

	it('refuse callers without a token', async () => {
		expect((await api('GET', '/account/notifications')).status).toBe(401);
		const anonymous = await api<ApiError>('POST', '/account/notifications/read', { body: {} });
		expect(anonymous.status).toBe(401);
		expect(anonymous.body.errors[0].extensions.code).toBe('NOT_AUTHENTICATED');
	});

	it('tell the owner, and only the owner, that the subscription is canceling, with its plan and end', async () => {
		const canceled = await api<Data<Subscription>>('POST', '/stripe/subscription/cancel', { token: owner.token });
		expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
		const list = await listWhen(owner, (candidate) => candidate.unread > 0);
		expect(list.unread).toBe(1);
		expect(kinds(list)).toEqual(['subscription_canceling']);
		canceling = list.notifications[0]!;
		expect(canceling).toMatchObject({
			kind: 'subscription_canceling',
			project: null,
			read_at: null,
			params: { plan: 'pro', plan_name: 'Pro', date: canceled.body.data.current_period_end },
		});
		expect(Date.parse(canceling.date_created)).not.toBeNaN();
		expect(await listOf(stranger)).toEqual({ notifications: [], unread: 0 });
	});

	it('are kept from customers in Directus itself; staff read them', async () => {
		for (const customer of [owner, stranger]) {
			expect((await api('GET', '/items/notifications', { token: customer.token })).status).toBe(403);
			expect((await api('GET', `/items/notifications/${canceling.id}`, { token: customer.token })).status).toBe(403);
			const forged = await api('POST', '/items/notifications', { token: customer.token, body: { user: customer.id, kind: 'project_ready', params: {} } });
			expect(forged.status).toBe(403);
			expect((await api('PATCH', `/items/notifications/${canceling.id}`, { token: customer.token, body: { read_at: new Date().toISOString() } })).status).toBe(403);
		}
		const staff = await api<Data<{ user: string; kind: string; read_at: string | null }>>('GET', `/items/notifications/${canceling.id}?fields=user,kind,read_at`, { token: admin });
		expect(staff.status).toBe(200);
		expect(staff.body.data).toEqual({ user: owner.id, kind: 'subscription_canceling', read_at: null });
	});

	it('refuse bad input naming the field, and mark nothing', async () => {
		for (const [body, field] of [
			[{ ids: 'all' }, /^ids: /],
			[{ ids: ['not-an-id'] }, /^ids\.0: /],
			[{ ids: [] }, /^ids: /],
			[{ id: canceling.id }, /"id"/],
			[[canceling.id], /^body: /],
		] as const) {
			const refused = await markRead<ApiError>(owner, body);
			expect(refused.status, JSON.stringify(body)).toBe(400);
			expect(refused.body.errors[0].extensions.code).toBe('INVALID_PAYLOAD');
			expect(refused.body.errors[0].message).toMatch(field);
		}
		expect((await listOf(owner)).unread).toBe(1);
	});

	it('cannot be marked read by another customer, naming them or not', async () => {
		const named = await markRead(stranger, { ids: [canceling.id] });
		expect(named.status).toBe(200);
		expect(named.body.data).toEqual({ marked: 0, unread: 0 });
		const all = await markRead(stranger, {});
		expect(all.body.data).toEqual({ marked: 0, unread: 0 });
		const list = await listOf(owner);
		expect(list.unread).toBe(1);
		expect(list.notifications[0]!.read_at).toBeNull();
	});

	it('are marked read by their owner', async () => {
		const marked = await markRead(owner, { ids: [canceling.id] });
		expect(marked.status).toBe(200);
		expect(marked.body.data).toEqual({ marked: 1, unread: 0 });
		const list = await listOf(owner);
		expect(list.unread).toBe(0);
		expect(Date.parse(list.notifications[0]!.read_at!)).toBeGreaterThanOrEqual(Date.parse(canceling.date_created));
		expect((await markRead(owner, { ids: [canceling.id] })).body.data).toEqual({ marked: 0, unread: 0 });
	});

	it('say the latest state after a reactivation: the notice that it would end goes, one that it renews comes, by mail too', async () => {
		const customer = await registerVerifiedCustomer('reactivating');
		await subscribeInSandbox(customer);
		expect((await api('POST', '/stripe/subscription/cancel', { token: customer.token })).status).toBe(200);
		expect(kinds(await listWhen(customer, (list) => list.unread > 0))).toEqual(['subscription_canceling']);
		await waitForEmail(customer.email, /subscription ends on/);

		const reactivated = await api<Data<Subscription>>('POST', '/stripe/subscription/reactivate', { token: customer.token });
		expect(reactivated.status, JSON.stringify(reactivated.body)).toBe(200);
		const list = await listWhen(customer, (candidate) => candidate.notifications.some((notification) => notification.kind === 'subscription_reactivated'));
		expect(list.notifications.map(({ kind, params }) => ({ kind, params }))).toEqual([
			{ kind: 'subscription_reactivated', params: { plan: 'pro', plan_name: 'Pro', date: reactivated.body.data.current_period_end } },
		]);
		const email = await waitForEmail(customer.email, /subscription renews on/);
		expect(email.subject).toMatch(/^Your Pro subscription renews on /);
		expect(email.text).toContain('Your earlier notice that it would end no longer applies.');

		// Canceling again: the notice that it renews goes in turn.
		expect((await api('POST', '/stripe/subscription/cancel', { token: customer.token })).status).toBe(200);
		const again = await listWhen(customer, (candidate) => candidate.notifications.some((notification) => notification.kind === 'subscription_canceling'));
		expect(kinds(again)).toEqual(['subscription_canceling']);
	});

	it('tell the owner the subscription ended and the payer that the renewal failed, newest first', async () => {
		// Past the owner's cancelled period, and past the payer's renewal but within its grace period.
		const moved = await api('POST', '/stripe/sandbox/advance-clock', { token: admin, body: { days: 32 } });
		expect(moved.status, JSON.stringify(moved.body)).toBe(200);

		const owners = await listWhen(owner, (list) => list.unread > 0);
		expect(owners.unread).toBe(1);
		expect(kinds(owners)).toEqual(['subscription_ended', 'subscription_canceling']);
		expect(owners.notifications[0]).toMatchObject({ project: null, read_at: null, params: { plan: 'pro', plan_name: 'Pro' } });

		const payers = await listWhen(payer, (list) => list.unread > 0);
		expect(payers.unread).toBe(1);
		expect(kinds(payers)).toEqual(['payment_failed']);
		expect(payers.notifications[0]!.params).toEqual({ plan: 'starter', plan_name: 'Starter' });
		expect(await listOf(stranger)).toEqual({ notifications: [], unread: 0 });

		// No ids: every unread one of the caller's.
		expect((await markRead(owner)).body.data).toEqual({ marked: 1, unread: 0 });
		expect((await listOf(payer)).unread).toBe(1);
	});

	it('list the 50 newest and count every unread one', async () => {
		// Staff's route, the only one that can write many at once.
		const many = Array.from({ length: 52 }, (_, index) => ({ user: stranger.id, kind: 'project_ready', params: { project_name: `Site ${index}` } }));
		const created = await api('POST', '/items/notifications', { token: admin, body: many });
		expect(created.status, JSON.stringify(created.body)).toBe(200);
		const list = await listOf(stranger);
		expect(list.notifications).toHaveLength(50);
		expect(list.unread).toBe(52);
		expect((await markRead(stranger)).body.data).toEqual({ marked: 52, unread: 0 });
	});

	it('go with the account', async () => {
		const deleted = await api('DELETE', '/account/me', { token: payer.token, body: { password: payer.password } });
		expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
		const left = await api<Data<unknown[]>>('GET', `/items/notifications?filter[user][_eq]=${payer.id}&fields=id`, { token: admin });
		expect(left.status).toBe(200);
		expect(left.body.data).toEqual([]);
	});
});
