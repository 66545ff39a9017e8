/**
 * Provisioning (lib/projects/provisioning): a new project is provisioned at once; on
 * `PROVISIONING_SCHEDULE` (every 15 seconds, once per tick across replicas) unfinished projects are taken up again (after a restart, or a crash of the process that had
 * them); a subscription that ends suspends its owner's projects and one that resumes starts them,
 * at once on billing's events and on the schedule for any event missed; a plan change gives the
 * owner's sites the new plan's limits; licence keys their sites could not take yet (a site still
 * being relaunched on its URL) are given again; a new site's certificate not served at its
 * publication is checked again. Billing announces on the
 * extensions' own emitter (`context.emitter`), which the hook's `action()` does not listen to (that
 * one is Directus's global emitter), so the events are subscribed to there.
 */
import { defineHook } from '@directus/extensions-sdk';
import {
	SUBSCRIPTION_ENDED_ACTION,
	SUBSCRIPTION_PLAN_CHANGED_ACTION,
	SUBSCRIPTION_RESUMED_ACTION,
	type SubscriptionTransitionPayload,
} from '../../lib/billing/subscription-lifecycle.ts';
import { platformServices } from '../../lib/platform-services.ts';

export default defineHook(({ action, schedule }, context) => {
	const platform = platformServices(context);
	const services = () => platform.provisioning;
	const reconciler = () => services()?.reconciler;
	const log = (what: string) => (error: Error) => context.logger.error(`${what}: ${error.message}`);

	action('projects.items.create', ({ key }) => {
		reconciler()
			?.reconcile(String(key))
			.catch(log(`Provisioning project ${String(key)}`));
	});

	const job = platform.scheduledJob('provisioning', async () => {
		await reconciler()?.reconcileUnfinished().catch(log('Provisioning unfinished projects'));
		await reconciler()?.reconcileSuspensions().catch(log('Suspending or resuming projects'));
		await services()?.licence.deliverPending().catch(log('Giving licence keys to their sites'));
		await reconciler()?.confirmCertificates().catch(log('Checking the certificates of new sites'));
	});
	schedule(job.rule, job.handler);

	// Either way, the owner's sites are brought in line with their subscription as it now stands.
	for (const transition of [SUBSCRIPTION_ENDED_ACTION, SUBSCRIPTION_RESUMED_ACTION]) {
		context.emitter.onAction(transition, ({ user }: SubscriptionTransitionPayload) => {
			reconciler()
				?.reconcileOwner(String(user))
				.catch(log(`Suspending or resuming the projects of ${String(user)}`));
		});
	}

	context.emitter.onAction(SUBSCRIPTION_PLAN_CHANGED_ACTION, ({ user }: SubscriptionTransitionPayload) => {
		reconciler()
			?.applyOwnerPlan(String(user))
			.catch(log(`Applying the new plan of ${String(user)}`));
	});
});
