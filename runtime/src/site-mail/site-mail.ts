/**
 * Sites' mail, assembled: the relay, the hourly allowance it counts, and what a site's status says
 * of it. Only built when the platform names its SMTP server (SITE_MAIL_SMTP_URL).
 */
import type { SiteMailStatus } from '@epic/runtime-contract';
import type { RuntimeConfig } from '../config.ts';
import type { Logger } from '../instances/process-supervisor.ts';
import type { InstanceRecord } from '../state/instance-record.ts';
import { HourlyMailAllowance } from './hourly-allowance.ts';
import { SiteMailRelay, type MailSite } from './site-mail-relay.ts';

export interface SiteMail {
	statusOf(record: InstanceRecord): SiteMailStatus;
	forget(id: string): void;
	close(): Promise<void>;
}

type Records = { get(id: string): InstanceRecord | undefined };

export function mailLimitOf(config: Pick<RuntimeConfig, 'SITE_MAIL_PER_HOUR'>, record: Pick<InstanceRecord, 'resources'>): number {
	return record.resources?.mailPerHour ?? config.SITE_MAIL_PER_HOUR;
}

/** Starts the relay on each address given (loopback, and a container bridge's); null without a platform SMTP server. */
export async function startSiteMail(config: RuntimeConfig, records: Records, listenHosts: string[], log: Logger, now: () => number = Date.now): Promise<SiteMail | null> {
	const route = config.siteMail;
	if (!route || !config.SITE_MAIL_SMTP_URL) return null;
	const allowance = new HourlyMailAllowance(now);
	const siteOf = (id: string): MailSite | null => {
		const record = records.get(id);
		return record && record.kind === 'project' ? { secret: record.secret, limitPerHour: mailLimitOf(config, record) } : null;
	};
	const relays = listenHosts.map(() => new SiteMailRelay({ siteOf, allowance, platformSmtpUrl: config.SITE_MAIL_SMTP_URL!, fromAddress: route.fromAddress, log }));
	try {
		await Promise.all(relays.map((relay, index) => relay.listen(route.port, listenHosts[index]!)));
	} catch (error) {
		// Never run on with sites told of a port another program holds: they would hand it their mail password.
		await Promise.allSettled(relays.map((relay) => relay.close()));
		throw new Error(`The site mail relay cannot listen on port ${route.port} (SITE_MAIL_RELAY_PORT): ${(error as Error).message}`);
	}
	log(`site mail relay on ${listenHosts.map((host) => `${host}:${route.port}`).join(', ')}, sending from ${route.fromAddress}`);
	return {
		statusOf: (record) => allowance.status(record.id, mailLimitOf(config, record)),
		forget: (id) => allowance.forget(id),
		close: async () => {
			await Promise.all(relays.map((relay) => relay.close()));
		},
	};
}
