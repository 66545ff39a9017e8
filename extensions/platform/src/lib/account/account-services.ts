/**
 * The account rules: the configuration, the counters behind the abuse limits and the sign-in lock.
 * One set per process (lib/platform-services.ts), so the `account-endpoint` and the `account-hook`
 * count on the same limiters.
 */
import type { ApiExtensionContext } from '@directus/types';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { LimiterStore } from '../http/rate-limits/limiter-store.ts';
import { readAccountConfig, type AccountConfig } from './account-config.ts';
import { SignInLock } from './sign-in/sign-in-lock.ts';

export interface AccountServices {
	config: AccountConfig;
	signInLock: SignInLock;
	/** Sign-in requests per client address. */
	signInRequests: RateLimiterAbstract;
	/** Registrations per client address (Directus's own registration limiter is off: see directus-env.ts). */
	registrationRequests: RateLimiterAbstract;
	/** Password-reset requests per client address. */
	passwordResetRequests: RateLimiterAbstract;
	/** Email-change requests per account. */
	emailChangeRequests: RateLimiterAbstract;
	/** Directus's verification and reset emails per recipient mailbox (account-email-limit.ts). */
	accountEmailsPerRecipient: RateLimiterAbstract;
}

export function createAccountServices(context: Pick<ApiExtensionContext, 'env' | 'logger'>): AccountServices {
	const config = readAccountConfig(context.env);
	const store = new LimiterStore(config.REDIS, (error) => context.logger.warn(`Redis for the account limits: ${error.message}`));
	const lockSeconds = config.LOGIN_LOCK_MINUTES * 60;
	return {
		config,
		signInLock: new SignInLock(store.limiter({ keyPrefix: 'sign-in-failures', points: config.LOGIN_LOCK_ATTEMPTS, duration: lockSeconds }), config.LOGIN_LOCK_ATTEMPTS),
		signInRequests: store.limiter({ keyPrefix: 'sign-in', points: config.RATE_LIMITER_LOGIN_POINTS, duration: config.RATE_LIMITER_LOGIN_DURATION }),
		registrationRequests: store.limiter({
			keyPrefix: 'registration',
			points: config.RATE_LIMITER_REGISTRATION_POINTS,
			duration: config.RATE_LIMITER_REGISTRATION_DURATION,
		}),
		passwordResetRequests: store.limiter({
			keyPrefix: 'password-reset',
			points: config.RATE_LIMITER_PASSWORD_RESET_POINTS,
			duration: config.RATE_LIMITER_PASSWORD_RESET_DURATION,
		}),
		emailChangeRequests: store.limiter({ keyPrefix: 'email-change', points: config.EMAIL_CHANGE_REQUESTS_PER_HOUR, duration: 3600 }),
		accountEmailsPerRecipient: store.limiter({ keyPrefix: 'account-emails', points: config.ACCOUNT_EMAILS_PER_RECIPIENT_PER_HOUR, duration: 3600 }),
	};
}
