/**
 * Losing a control-plane replica in the middle of a customer's journey (docs/operations.md,
 * Replicas): the production stack with two replicas and the Stripe provider, against the tests'
 * Stripe-compatible server. One replica is killed with SIGKILL while the payment's webhook is in
 * flight to it (caught re-reading the subscription from Stripe), and one while it provisions the
 * customer's project (caught waiting on the runtime). The journey completes through the other
 * replica; the webhook, delivered again as Stripe retries, is applied once; the project gets one
 * site; and the customer receives each email and notification once.
 */
import { randomBytes } from 'node:crypto';
import type { AccountNotification, CheckoutSessionCreated, NotificationList, Project, Subscription } from '@epic/platform-api';
import { syncPlansToStripe } from '@epic/local-platform/stripe-plan-sync';
import knex from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, useOwnControlPlane, type Data } from '../support/api.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { fetchThroughLoopback } from '../support/loopback-https.ts';
import { emailsTo, waitForEmail } from '../support/mailbox.ts';
import { stackControlPlane, startProductionStack, type ProductionStack } from '../support/production-stack.ts';
import { StripeTestServer } from '../support/stripe-server/index.ts';
import { STACK_IMAGES_WAIT_MS, stackImagesBuilt } from '../support/stack-images.ts';
import { readUntil, waitFor } from '../support/wait-for.ts';
import { holdForThisFile } from '../support/machine-lock.ts';

const SECRET_KEY = 'sk_test_replica_loss';
const WEBHOOK_SECRET = 'whsec_replica_loss';

let server: StripeTestServer;
let stack: ProductionStack;
let restoreFetch: (() => Promise<void>) | undefined;
let customer: TestCustomer;

holdForThisFile('stack-ports');

// Built in the background since the run began (tests/setup/stack-images.global.ts).
beforeAll(() => stackImagesBuilt(), STACK_IMAGES_WAIT_MS);

beforeAll(async () => {
	server = await StripeTestServer.start({ webhookSecret: WEBHOOK_SECRET, secretKey: SECRET_KEY });
	stack = await startProductionStack({
		env: {
			BILLING_PROVIDER: 'stripe',
			STRIPE_SECRET_KEY: SECRET_KEY,
			STRIPE_PUBLISHABLE_KEY: 'pk_test_replica_loss',
			STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
			STRIPE_API_URL: server.url,
		},
	});
	restoreFetch = fetchThroughLoopback(stack.caddyRootCertificate);
	useOwnControlPlane(stackControlPlane(stack));
	const db = knex({ client: 'pg', connection: stack.databaseUrl });
	try {
		await syncPlansToStripe(db, server.stripeClient(SECRET_KEY));
	} finally {
		await db.destroy();
	}
	customer = await registerVerifiedCustomer('replica-loss');
}, 600_000);

afterAll(async () => {
	await restoreFetch?.();
	await stack?.down();
	await server?.close();
}, 180_000);

/** As Stripe retries a delivery that failed: again and again until the endpoint accepts it. */
async function deliveredAsStripeRetries(eventId: string): Promise<string> {
	const accepted = await waitFor(
		`event ${eventId} accepted`,
		async () => {
			const delivery = await server.redeliver(eventId);
			return delivery.ok ? delivery : null;
		},
		90_000,
		2_000,
	);
	return JSON.parse(accepted.responseBody ?? '{}').data?.outcome as string;
}

const sql = (text: string) => stack.postgresValue(text);

/** The events a payment through the checkout sends, in Stripe's order. */
const paymentTypes = ['checkout.session.completed', 'customer.subscription.created', 'invoice.paid'];

describe('a control-plane replica killed with SIGKILL mid-journey', () => {
	it('during payment: the webhook in flight to it is delivered again and applied once', async () => {
		const created = await api<Data<CheckoutSessionCreated>>('POST', '/stripe/create-checkout-session', {
			token: customer.token,
			body: { plan_id: 'pro', period: 'monthly', ui_mode: 'embedded' },
		});
		expect(created.status, JSON.stringify(created.body)).toBe(200);
		if (created.body.data.kind !== 'checkout') throw new Error('expected a checkout');
		const sessionId = created.body.data.id;

		// The webhooks go to one replica, which is caught re-reading the subscription from Stripe.
		const [victim] = await stack.controlPlaneReplicas();
		server.setWebhookUrl(`http://127.0.0.1:${await stack.replicaPort(victim!)}/stripe/webhook`);
		const hold = server.holdRequests((method, path) => method === 'GET' && path.startsWith('/v1/subscriptions/'));
		const paid = server.completeCheckout(sessionId);
		await hold.caught;
		// The event the replica is working on: the first of the payment's not delivered yet.
		const delivered = new Set(server.deliveries().map((delivery) => delivery.eventId));
		const inFlight = server.events().find((event) => !delivered.has(event.id) && paymentTypes.includes(event.type))!;
		expect(inFlight).toBeDefined();
		await stack.killReplica(victim!);
		hold.release();
		// Later events of the payment go to Caddy, which knows only the living replica.
		server.setWebhookUrl(`${stack.localControlPlaneUrl}/stripe/webhook`);
		await paid;

		// The delivery cut off by the kill failed; Stripe's retries reach the other replica, which
		// takes the event up once the dead replica's claim has run out.
		const failed = server.deliveries().filter((delivery) => !delivery.ok);
		expect(failed.length).toBeGreaterThan(0);
		for (const eventId of new Set(failed.map((delivery) => delivery.eventId))) await deliveredAsStripeRetries(eventId);
		expect(await sql(`SELECT count(*) || ' ' || string_agg(status, ',') FROM billing_events WHERE id = '${inFlight.id}'`)).toBe('1 processed');
		const paymentEvents = server.events().filter((event) => paymentTypes.includes(event.type));
		expect(await sql(`SELECT string_agg(DISTINCT status, ',') FROM billing_events WHERE id IN (${paymentEvents.map((event) => `'${event.id}'`).join(',')})`)).toBe('processed');

		const subscription = await api<Data<Subscription>>('GET', '/stripe/subscription', { token: customer.token });
		expect(subscription.body.data).toMatchObject({ status: 'active', plan: { id: 'pro' } });
		await waitForEmail(customer.email, /receipt/i, 60_000);
	}, 240_000);

	it('during provisioning: the other replica finishes the project, with one site', async () => {
		const replicas = await stack.controlPlaneReplicas();
		for (const id of replicas) expect(await stack.waitHealthy(id)).toBe(true);
		const victim = replicas[0]!;
		const subdomain = `loss-${randomBytes(3).toString('hex')}`;
		// The runtime frozen: the replica's provisioning waits on it, in flight, when it is killed.
		await stack.pause('runtime');
		let projectId: string;
		try {
			const created = await fetch(`http://127.0.0.1:${await stack.replicaPort(victim)}/projects`, {
				method: 'POST',
				headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
				body: JSON.stringify({ name: 'Replica loss', subdomain }),
			});
			expect(created.status).toBe(201);
			projectId = ((await created.json()) as Data<Project>).data.id;
			await waitFor('the replica to start provisioning', async () => (await sql(`SELECT status FROM projects WHERE id = '${projectId}'`)) === 'pending', 30_000, 100);
			await stack.killReplica(victim);
		} finally {
			await stack.unpause('runtime');
		}

		const project = await readUntil(
			async () => (await api<Data<Project>>('GET', `/projects/${projectId}`, { token: customer.token })).body.data,
			(read) => read.status === 'published' || read.status === 'failed',
			120_000,
			1_000,
		);
		expect(project.status, JSON.stringify(project.steps)).toBe('published');
		// One site for the project: the killed replica's request and the survivor's led to the same one.
		const records = (await stack.runtimeRecords()).filter((record) => record.subdomain === subdomain);
		expect(records.map((record) => record.id)).toEqual([projectId!]);
		expect((await stack.runtime.instanceStatus(projectId!))?.state).toBe('running');
	}, 300_000);

	it('told the customer each thing once', async () => {
		// Past the outbox job's interval (30 s) since the last of them: a copy owed twice would be here.
		await new Promise((resolve) => setTimeout(resolve, 35_000));
		const subjects = (await emailsTo(customer.email)).map((email) => email.subject);
		expect(subjects.length).toBeGreaterThanOrEqual(2);
		expect(subjects.filter((subject) => /receipt/i.test(subject))).toHaveLength(1);
		expect(new Set(subjects).size).toBe(subjects.length);
		const notifications = await api<Data<NotificationList>>('GET', '/account/notifications', { token: customer.token });
		const kinds = notifications.body.data.notifications.map((notification: AccountNotification) => `${notification.kind} ${notification.project}`);
		expect(kinds.filter((kind) => kind.startsWith('project_ready '))).toHaveLength(1);
		expect(new Set(kinds).size).toBe(kinds.length);
	}, 120_000);
});
