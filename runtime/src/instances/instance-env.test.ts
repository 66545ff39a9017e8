import { describe, expect, it } from 'vitest';
import { loadRuntimeConfig } from '../config.ts';
import { siteNodeOptions } from './instance-env.ts';

describe('site Node options', () => {
	const config = (env: Record<string, string> = {}) => loadRuntimeConfig({ RUNTIME_SECRET: 'x'.repeat(40), ...env }, '/repo');

	it('limit every site to a 160 MiB heap and 2 MiB semi-spaces by default', () => {
		expect(siteNodeOptions(config())).toEqual(['--max-old-space-size=160', '--max-semi-space-size=2']);
	});

	it("leave Node's own default for a limit set to 0", () => {
		expect(siteNodeOptions(config({ INSTANCE_HEAP_LIMIT_MB: '0' }))).toEqual(['--max-semi-space-size=2']);
		expect(siteNodeOptions(config({ INSTANCE_HEAP_LIMIT_MB: '0', INSTANCE_SEMI_SPACE_MB: '0' }))).toEqual([]);
	});
});
