import { describe, expect, it } from 'vitest';
import { afterDomainCheck, UNCHECKED, type DomainCheckState } from './domain-check-policy.ts';

const at = (hours: number) => new Date(Date.UTC(2026, 0, 1) + hours * 3600_000);

describe('afterDomainCheck', () => {
	it('routes a domain at its first successful check', () => {
		expect(afterDomainCheck(UNCHECKED, true, at(0))).toEqual({ state: { verifiedAt: at(0), failures: 0, failingSince: null }, action: 'route' });
	});

	it('leaves an unrouted domain that fails as it is', () => {
		expect(afterDomainCheck(UNCHECKED, false, at(0))).toEqual({ state: UNCHECKED, action: 'none' });
	});

	it('keeps a routed domain through failures until three in a row span a day', () => {
		let state: DomainCheckState = { verifiedAt: at(0), failures: 0, failingSince: null };
		for (const hour of [1, 7, 13, 19]) {
			const outcome = afterDomainCheck(state, false, at(hour));
			expect(outcome.action).toBe('none');
			state = outcome.state;
		}
		expect(state).toEqual({ verifiedAt: at(0), failures: 4, failingSince: at(1) });
		// 24 hours after the first failure, with more than three failures: dropped.
		expect(afterDomainCheck(state, false, at(25))).toEqual({ state: UNCHECKED, action: 'unroute' });
	});

	it('does not drop a domain after three quick failures, nor after one failure a day old', () => {
		const threeQuick = [1, 2, 3].reduce<DomainCheckState>((state, hour) => afterDomainCheck(state, false, at(hour)).state, {
			verifiedAt: at(0),
			failures: 0,
			failingSince: null,
		});
		expect(threeQuick.failures).toBe(3);
		expect(afterDomainCheck({ verifiedAt: at(0), failures: 1, failingSince: at(1) }, false, at(30)).action).toBe('none');
	});

	it('forgets the failures when the domain points here again, keeping its first verification', () => {
		const outcome = afterDomainCheck({ verifiedAt: at(0), failures: 2, failingSince: at(1) }, true, at(30));
		expect(outcome).toEqual({ state: { verifiedAt: at(0), failures: 0, failingSince: null }, action: 'none' });
	});
});
