import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whileRenewing } from './while-renewing.ts';

beforeEach(() => {
	vi.useFakeTimers();
});

afterEach(() => {
	vi.useRealTimers();
});

describe('whileRenewing', () => {
	it('renews every interval while the work runs, and stops when it ends', async () => {
		let renewals = 0;
		let finish!: (value: string) => void;
		const running = whileRenewing(
			1000,
			async () => void renewals++,
			() => {},
			() => new Promise<string>((resolve) => (finish = resolve)),
		);
		await vi.advanceTimersByTimeAsync(3500);
		expect(renewals).toBe(3);
		finish('done');
		expect(await running).toBe('done');
		await vi.advanceTimersByTimeAsync(5000);
		expect(renewals).toBe(3);
	});

	it('hands a failed or throwing renewal to onFailure and keeps renewing', async () => {
		const failures: string[] = [];
		let calls = 0;
		let finish!: () => void;
		const running = whileRenewing(
			1000,
			() => {
				calls++;
				if (calls === 1) throw new Error('thrown');
				return Promise.reject(new Error('rejected'));
			},
			(error) => failures.push(error.message),
			() => new Promise<void>((resolve) => (finish = resolve)),
		);
		await vi.advanceTimersByTimeAsync(2500);
		finish();
		await running;
		expect(failures).toEqual(['thrown', 'rejected']);
	});

	it('stops renewing when the work fails, and passes the failure on', async () => {
		let renewals = 0;
		await expect(
			whileRenewing(
				1000,
				async () => void renewals++,
				() => {},
				async () => {
					throw new Error('work failed');
				},
			),
		).rejects.toThrow('work failed');
		await vi.advanceTimersByTimeAsync(3000);
		expect(renewals).toBe(0);
	});
});
