/**
 * Idempotent POSTs: the first answer under an `Idempotency-Key` is kept and replayed for a retry
 * with the same parameters; the same key with other parameters (or another endpoint) is refused
 * with Stripe's `idempotency_error`. Only successful answers are kept: Stripe does not keep
 * requests that failed validation, and this server's failures are all validation failures.
 * Keys do not expire (Stripe forgets them after 24 hours).
 */
import { StripeApiError } from './errors.ts';

export interface StoredAnswer {
	status: number;
	body: string;
}

interface Entry {
	fingerprint: string;
	answer: StoredAnswer;
}

export class IdempotencyCache {
	private readonly entries = new Map<string, Entry>();

	/** The answer to replay for this key, or undefined when the key is new. */
	replay(key: string, fingerprint: string): StoredAnswer | undefined {
		const entry = this.entries.get(key);
		if (!entry) return undefined;
		if (entry.fingerprint !== fingerprint) {
			throw new StripeApiError(
				400,
				`Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
				{ type: 'idempotency_error' },
			);
		}
		return entry.answer;
	}

	remember(key: string, fingerprint: string, answer: StoredAnswer): void {
		this.entries.set(key, { fingerprint, answer });
	}
}
