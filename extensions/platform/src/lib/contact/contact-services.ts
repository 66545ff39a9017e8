/**
 * The contact form's configuration and its counters, one set per process (lib/platform-services.ts):
 * the limits hold across requests, in Redis when `REDIS` is set, shared by every control-plane process.
 */
import type { ApiExtensionContext } from '@directus/types';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { LimiterStore } from '../http/rate-limits/limiter-store.ts';
import { readContactConfig, type ContactConfig } from './contact-config.ts';

export interface ContactServices {
	config: ContactConfig;
	/** Messages per client address. */
	messagesPerAddress: RateLimiterAbstract;
	/** Copies per recipient address per day. */
	copiesPerRecipient: RateLimiterAbstract;
}

export function createContactServices(context: Pick<ApiExtensionContext, 'env' | 'logger'>): ContactServices {
	const config = readContactConfig(context.env);
	const store = new LimiterStore(config.REDIS, (error) => context.logger.warn(`Redis for the contact limits: ${error.message}`));
	return {
		config,
		messagesPerAddress: store.limiter({ keyPrefix: 'contact', points: config.RATE_LIMITER_CONTACT_POINTS, duration: config.RATE_LIMITER_CONTACT_DURATION }),
		copiesPerRecipient: store.limiter({ keyPrefix: 'contact-copy', points: config.CONTACT_COPIES_PER_ADDRESS_PER_DAY, duration: 86_400 }),
	};
}
