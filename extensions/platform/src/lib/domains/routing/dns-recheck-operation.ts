/**
 * The `dns-recheck` Flow operation: checks the custom domains of every project (or of the projects
 * selected when staff run the manual Flow from Studio, `{{$trigger.body.keys}}`) and applies what
 * each check means for routing (domain-routing.ts). The result, a summary of what changed, becomes
 * the operation's data and shows in the Flow's logs.
 */
import type { DomainRouting, RecheckSummary } from './domain-routing.ts';

export interface DnsRecheckOperationOptions {
	projects?: unknown;
}

export type DnsRecheckResult = RecheckSummary | { checked: 0; message: string };

/** The selected project ids, or undefined for all (no selection, or a scheduled run). */
function selectedProjects(value: unknown): string[] | undefined {
	if (!Array.isArray(value) || value.length === 0) return undefined;
	return value.map(String);
}

export async function runDnsRecheckOperation(routing: DomainRouting | null, options: DnsRecheckOperationOptions): Promise<DnsRecheckResult> {
	if (!routing) return { checked: 0, message: 'No runtime is configured, so no custom domain is served: nothing to re-check.' };
	return routing.recheck(selectedProjects(options.projects));
}
