/**
 * What one DNS check of a project's custom domain changes (docs/product.md, Domains API). A domain is
 * routed from its first successful check. A routed domain that fails a check is not dropped at
 * once (resolvers and DNS hosts have bad hours): it stops being routed only after three failed
 * checks in a row spread over at least a day, and then its owner is told. Pure, with the time
 * passed in, so the rule is tested without waiting a day.
 */

/** Consecutive failed checks of a routed domain before it may be dropped. */
export const FAILED_CHECKS_BEFORE_UNROUTING = 3;
/** …and the least time from the first of them. */
export const FAILING_PERIOD_BEFORE_UNROUTING_MS = 24 * 60 * 60 * 1000;

export interface DomainCheckState {
	/** When the domain was verified and routed; null while it is not routed. */
	verifiedAt: Date | null;
	/** Failed checks in a row since it was last seen pointing at us. */
	failures: number;
	/** The first of those failed checks. */
	failingSince: Date | null;
}

/** `route`: start routing the domain; `unroute`: stop and tell the owner; `none`: routing stays as it is. */
export type DomainRoutingAction = 'route' | 'unroute' | 'none';

export interface DomainCheckOutcome {
	state: DomainCheckState;
	action: DomainRoutingAction;
}

export const UNCHECKED: DomainCheckState = { verifiedAt: null, failures: 0, failingSince: null };

export function afterDomainCheck(state: DomainCheckState, verified: boolean, now: Date): DomainCheckOutcome {
	if (verified) {
		return {
			state: { verifiedAt: state.verifiedAt ?? now, failures: 0, failingSince: null },
			action: state.verifiedAt ? 'none' : 'route',
		};
	}
	// A domain that was never routed has nothing to lose: it simply stays unverified.
	if (!state.verifiedAt) return { state, action: 'none' };
	const failures = state.failures + 1;
	const failingSince = state.failingSince ?? now;
	const longEnough = now.getTime() - failingSince.getTime() >= FAILING_PERIOD_BEFORE_UNROUTING_MS;
	if (failures >= FAILED_CHECKS_BEFORE_UNROUTING && longEnough) return { state: UNCHECKED, action: 'unroute' };
	return { state: { verifiedAt: state.verifiedAt, failures, failingSince }, action: 'none' };
}
