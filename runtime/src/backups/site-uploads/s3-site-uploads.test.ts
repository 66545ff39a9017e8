import { describe, expect, test } from 'vitest';
import { archivePathOfKey } from './s3-site-uploads.ts';

describe("a swarm site's object key as a path in its backup", () => {
	test("is the key below the site's prefix", () => {
		expect(archivePathOfKey('sites/p1/0f8b2c9e.png', 'sites/p1/')).toBe('0f8b2c9e.png');
		expect(archivePathOfKey('sites/p1/a/b.txt', 'sites/p1/')).toBe('a/b.txt');
	});

	test('is none for a key that would leave the archive’s folder or name no file', () => {
		for (const key of ['sites/p1/../p2/x', 'sites/p1/a/../../x', 'sites/p1/./x', 'sites/p1//x', 'sites/p1/', 'sites/p1/dir/', 'sites/p2/x', 'sites/p1/a\0b']) {
			expect(archivePathOfKey(key, 'sites/p1/'), key).toBeNull();
		}
	});
});
