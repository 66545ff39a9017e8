import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { PlatformMetrics } from './platform-metrics.ts';

describe('PlatformMetrics', () => {
	it('counts billing events by type and outcome, failures by type, and steps by name and outcome', async () => {
		const metrics = new PlatformMetrics(new Registry());
		metrics.webhookProcessed('customer.subscription.updated', 'processed');
		metrics.webhookProcessed('customer.subscription.updated', 'processed');
		metrics.webhookProcessed('customer.subscription.updated', 'duplicate');
		metrics.webhookFailed('invoice.paid');
		metrics.provisioningStep('database', 'complete');
		metrics.provisioningStep('domain', 'failed');

		const text = await metrics.registry.metrics();
		expect(text).toContain('# TYPE epic_billing_webhooks_processed_total counter\n');
		expect(text).toContain('epic_billing_webhooks_processed_total{type="customer.subscription.updated",outcome="processed"} 2\n');
		expect(text).toContain('epic_billing_webhooks_processed_total{type="customer.subscription.updated",outcome="duplicate"} 1\n');
		expect(text).toContain('epic_billing_webhooks_failed_total{type="invoice.paid"} 1\n');
		expect(text).toContain('epic_provisioning_steps_total{step="database",outcome="complete"} 1\n');
		expect(text).toContain('epic_provisioning_steps_total{step="domain",outcome="failed"} 1\n');
	});
});
