import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { scriptHashSource, withScriptHashes } from './allow-inline-scripts.ts';

const DIRECTUS_POLICY = "default-src 'self';script-src 'self' 'unsafe-eval';style-src 'self' https: 'unsafe-inline'";

describe('withScriptHashes', () => {
	it('adds each script by its SHA-256 to script-src and leaves the other directives alone', () => {
		const script = 'console.log("boot")';
		const expected = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
		expect(scriptHashSource(script)).toBe(expected);
		expect(withScriptHashes(DIRECTUS_POLICY, [script])).toBe(`default-src 'self';script-src ${expected} 'self' 'unsafe-eval';style-src 'self' https: 'unsafe-inline'`);
	});

	it('adds a script-src when the policy has none, and changes nothing without scripts', () => {
		expect(withScriptHashes("default-src 'self'", ['x'])).toBe(`default-src 'self';script-src 'self' ${scriptHashSource('x')}`);
		expect(withScriptHashes(DIRECTUS_POLICY, [])).toBe(DIRECTUS_POLICY);
	});
});
