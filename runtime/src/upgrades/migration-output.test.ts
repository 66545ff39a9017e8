import { describe, expect, it } from 'vitest';
import { migrationFailure } from './migration-output.ts';

const line = (entry: object) => JSON.stringify({ time: 1, pid: 2, hostname: 'h', ...entry });

describe('migrationFailure', () => {
	it('names the migration being applied and the error it threw', () => {
		const output = [
			line({ level: 30, msg: 'Running migrations...' }),
			line({ level: 30, msg: 'Applying Add Summary...' }),
			line({ level: 30, msg: 'Applying Fails Halfway...' }),
			line({ level: 50, err: { type: 'Error', message: 'column "x" already exists', stack: 'Error: …' }, msg: 'column "x" already exists' }),
		].join('\n');

		expect(migrationFailure(output)).toBe('migration "Fails Halfway" failed: column "x" already exists');
	});

	it('quotes the end of output that is not Directus’s log', () => {
		const quoted = migrationFailure(`${'x'.repeat(600)}\nKnexTimeoutError: could not connect`);
		expect(quoted).toHaveLength(500);
		expect(quoted.endsWith('x\nKnexTimeoutError: could not connect')).toBe(true);
		expect(migrationFailure('')).toBe('no output');
	});
});
