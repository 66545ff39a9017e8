/**
 * The safety net behind webhooks, run on a schedule: every subscription the mirror calls current is
 * read again from the provider (a missed webhook cannot leave it stale for long), and the sandbox
 * does its renewals, failed renewals and period ends.
 */
import type { BillingServices } from './billing-services.ts';
import { systemItems, withSchemaOnce, type BillingContext } from './billing-context.ts';
import { ReplicaMutex } from '../coordination/replica-mutex.ts';
import { runSandboxRenewals, type RenewalOutcome } from './sandbox/sandbox-renewals.ts';
import { SERVING_SUBSCRIPTION_STATUSES } from '@epic/platform-api';

export interface SyncOutcome {
	resynced: number;
	renewals: RenewalOutcome | null;
}

export async function syncSubscriptions(unscoped: BillingContext, billing: BillingServices): Promise<SyncOutcome> {
	const context = withSchemaOnce(unscoped);
	const renewals = billing.sandbox ? await runSandboxRenewals(billing.sandbox, billing.config.BILLING_GRACE_DAYS, new ReplicaMutex(context.database)) : null;
	const items = await systemItems(context, 'user_subscriptions');
	const rows = (await items.readByQuery({
		fields: ['stripe_subscription_id'],
		filter: { status: { _in: [...SERVING_SUBSCRIPTION_STATUSES] } },
		limit: -1,
	})) as { stripe_subscription_id: string }[];
	let resynced = 0;
	for (const row of rows) {
		if (await billing.resync.run(row.stripe_subscription_id, context)) resynced++;
	}
	return { resynced, renewals };
}
