/**
 * Moving the server's clock. Whatever falls due on the way happens in order, each at its own
 * instant (a renewal at its period's end, a checkout's expiry), so a jump of three months renews
 * a monthly subscription three times with three invoices, as Stripe's test clocks do.
 */
import type { ServerState } from './state.ts';

interface Due {
	at: number;
	run: () => void;
}

function nextDue(state: ServerState): Due | null {
	let next: Due | null = null;
	for (const subscription of state.store.subscriptions.values()) {
		const at = state.billing.nextDue(subscription);
		if (at !== null && (next === null || at < next.at)) next = { at, run: () => state.billing.periodEnded(subscription) };
	}
	for (const session of state.store.checkoutSessions.values()) {
		if (session.status === 'open' && (next === null || session.expires_at < next.at)) {
			next = { at: session.expires_at, run: () => state.checkouts.expire(session) };
		}
	}
	return next;
}

/** Advances by `ms` (0 runs what the clock has already reached). */
export function advanceTime(state: ServerState, ms: number): void {
	if (!Number.isFinite(ms) || ms < 0) throw new Error(`advanceTime needs a duration of 0 ms or more, not ${ms}`);
	const until = Math.floor((state.clock.nowMs() + ms) / 1000);
	// A day-long interval over decades is thousands of renewals; more than this is a runaway loop.
	for (let step = 0; step < 100_000; step++) {
		const due = nextDue(state);
		if (due === null || due.at > until) {
			state.clock.advance(ms);
			return;
		}
		state.clock.at(due.at, due.run);
	}
	throw new Error('advanceTime: too many renewals; is a period zero seconds long?');
}
