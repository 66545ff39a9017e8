import { describe, expect, test } from 'vitest';
import { orphanServices } from './orphan-services.ts';
import type { EngineGet } from './docker-engine-api.ts';

describe('services left by deleted sites', () => {
	test('are this runtime’s services whose site folder it no longer has', async () => {
		let asked = '';
		const get: EngineGet = async <T>(path: string) => {
			asked = decodeURIComponent(path);
			return [
				{ Spec: { Name: 'epic-site-kept', Labels: { 'epic.runtime': '/data', 'epic.site.dir': '/data/instances/kept' } } },
				{ Spec: { Name: 'epic-site-gone', Labels: { 'epic.runtime': '/data', 'epic.site.dir': '/data/instances/gone' } } },
			] as T;
		};
		expect(await orphanServices('/data', new Set(['/data/instances/kept']), get)).toEqual(['epic-site-gone']);
		// Only this runtime's services are asked for: another runtime's are never touched.
		expect(asked).toContain('"label":["epic.runtime=/data"]');
	});
});
