import { describe, expect, it } from 'vitest';
import type { InstanceStatus } from '../../runtime-driver/runtime-driver.ts';
import { newMailLimitRefusals } from './mail-limit-notices.ts';

const status = (projectId: string, limitReachedAt: string | null): InstanceStatus =>
	({ projectId, mail: { sentThisHour: 50, limitPerHour: 50, limitReachedAt } }) as InstanceStatus;

describe('newMailLimitRefusals', () => {
	it('names a refusal newer than the one told of, for projects the control plane knows', () => {
		const stored = new Map<string, string | null>([
			['never-told', null],
			['told-this-hour', '2026-11-27T14:50:00.000Z'],
			['told-earlier', '2026-11-27T13:05:00.000Z'],
		]);
		const statuses = [
			status('never-told', '2026-11-27T14:10:00.000Z'),
			status('told-this-hour', '2026-11-27T14:50:00.000Z'),
			status('told-earlier', '2026-11-27T14:20:00.000Z'),
			status('unknown', '2026-11-27T14:20:00.000Z'),
			status('never-refused', null),
		];
		expect(newMailLimitRefusals(statuses, stored).map((found) => found.projectId)).toEqual(['never-told', 'told-earlier']);
	});
});
