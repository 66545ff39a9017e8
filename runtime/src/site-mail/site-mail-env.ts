/**
 * A site's mail settings: the platform's relay (site-mail-relay.ts), signed in as the site, once it
 * is a project's site on its public URL. A pool member, or a runtime without a platform mail server,
 * gets settings that fail naming why, never the machine's sendmail (nodemailer's default transport
 * would run it as the site's user).
 */
import type { InstanceRecord } from '../state/instance-record.ts';
import { siteMailPassword } from './site-mail-credentials.ts';

export const SITE_MAIL_OFF_ENV = {
	EMAIL_TRANSPORT: 'smtp',
	EMAIL_SMTP_HOST: 'sending-mail-is-not-available-on-this-platform.invalid',
	EMAIL_SMTP_PORT: '25',
} as const;

export interface SiteMailRoute {
	/** Where the site reaches the relay: loopback for processes, its bridge's address for containers. */
	host: string;
	port: number;
	fromAddress: string;
}

export function siteMailEnv(route: SiteMailRoute | null, record: Pick<InstanceRecord, 'id' | 'kind' | 'secret'>, publicUrl: string | null): Record<string, string> {
	if (!route || record.kind !== 'project' || !publicUrl) return { ...SITE_MAIL_OFF_ENV };
	return {
		EMAIL_TRANSPORT: 'smtp',
		EMAIL_SMTP_HOST: route.host,
		EMAIL_SMTP_PORT: String(route.port),
		EMAIL_SMTP_USER: record.id,
		EMAIL_SMTP_PASSWORD: siteMailPassword(record.secret),
		EMAIL_SMTP_SECURE: 'false',
		// The relay offers no TLS: it is reached on loopback or the site's own bridge.
		EMAIL_SMTP_IGNORE_TLS: 'true',
		EMAIL_FROM: route.fromAddress,
	};
}
