/**
 * Per-account limits on what costs the platform (docs/access-model.md, Attacks closed, and the test that stops each): creating or
 * deleting a project clones or tears down a database, a restore rewrites a site and takes a safety
 * backup, a domain change can ask for a certificate (Let's Encrypt allows 50 per registered domain
 * a week). Any of them in a loop burns the machine for everyone; each is capped per account per
 * hour. Counted in memory, or in Redis (`REDIS`) shared by every control-plane process.
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { readAccountConfig, type AccountConfig } from '../../account/account-config.ts';
import { ActionLimitReachedError } from '../../errors.ts';
import { LimiterStore } from './limiter-store.ts';

/** Each action: the setting that says how many an account may do an hour, and how the error names it. */
export const ACCOUNT_ACTIONS = {
	'project-create': { setting: 'PROJECT_CREATES_PER_HOUR', wording: 'create projects' },
	'project-delete': { setting: 'PROJECT_DELETES_PER_HOUR', wording: 'delete projects' },
	'domain-change': { setting: 'DOMAIN_CHANGES_PER_HOUR', wording: "change a project's domain" },
	restore: { setting: 'RESTORES_PER_HOUR', wording: 'restore backups' },
} as const satisfies Record<string, { setting: keyof AccountConfig; wording: string }>;

export type AccountAction = keyof typeof ACCOUNT_ACTIONS;

export type ActionAllowances = Record<AccountAction, number>;

export class AccountActionLimits {
	readonly #allowances: ActionAllowances;
	readonly #limiters: Record<AccountAction, RateLimiterAbstract>;

	constructor(store: LimiterStore, allowances: ActionAllowances) {
		this.#allowances = allowances;
		const limiter = (action: AccountAction) => store.limiter({ keyPrefix: `account-${action}`, points: allowances[action], duration: 3600 });
		this.#limiters = {
			'project-create': limiter('project-create'),
			'project-delete': limiter('project-delete'),
			'domain-change': limiter('domain-change'),
			restore: limiter('restore'),
		};
	}

	/** Counts one `action` of `userId`; over the hour's allowance it throws ACTION_LIMIT_REACHED instead. */
	async consume(action: AccountAction, userId: string): Promise<void> {
		try {
			await this.#limiters[action].consume(userId);
		} catch (rejection) {
			if (!(rejection instanceof RateLimiterRes)) throw rejection;
			const minutes = Math.max(1, Math.ceil(rejection.msBeforeNext / 60_000));
			throw new ActionLimitReachedError({ action: ACCOUNT_ACTIONS[action].wording, limit: this.#allowances[action], minutes });
		}
	}
}

/** One set of counters per process (lib/platform-services.ts), shared by the projects and backups routes. */
export function createAccountActionLimits(context: { env: Record<string, unknown>; logger: { warn(message: string): void } }): AccountActionLimits {
	const config = readAccountConfig(context.env);
	const allowances = Object.fromEntries(Object.entries(ACCOUNT_ACTIONS).map(([action, { setting }]) => [action, config[setting]])) as ActionAllowances;
	const store = new LimiterStore(config.REDIS, (error) => context.logger.warn(`Redis for the account action limits: ${error.message}`));
	return new AccountActionLimits(store, allowances);
}
