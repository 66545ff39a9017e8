import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD_LENGTH, generateAdminPassword } from './admin-password.ts';
import { CredentialsCipher } from './credentials-cipher.ts';

const key = randomBytes(32).toString('base64url');

describe('CredentialsCipher', () => {
	it('round-trips a password for its project, never storing it in clear', () => {
		const cipher = new CredentialsCipher(key);
		const stored = cipher.encrypt('project-a', 'Sup3r-secret-passw0rd');
		expect(stored).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
		expect(stored).not.toContain('Sup3r');
		expect(cipher.decrypt('project-a', stored)).toBe('Sup3r-secret-passw0rd');
	});

	it('uses a fresh IV each time', () => {
		const cipher = new CredentialsCipher(key);
		expect(cipher.encrypt('p', 'same')).not.toBe(cipher.encrypt('p', 'same'));
	});

	it('accepts the key in standard base64 too', () => {
		const standard = Buffer.from(key, 'base64url').toString('base64');
		expect(new CredentialsCipher(standard).decrypt('p', new CredentialsCipher(key).encrypt('p', 'x'))).toBe('x');
	});

	it.each([
		['another project', (stored: string) => new CredentialsCipher(key).decrypt('project-b', stored)],
		['another key', (stored: string) => new CredentialsCipher(randomBytes(32).toString('base64url')).decrypt('project-a', stored)],
		['altered bytes', (stored: string) => new CredentialsCipher(key).decrypt('project-a', stored.slice(0, -2) + (stored.endsWith('AA') ? 'BB' : 'AA'))],
		['an unknown format', () => new CredentialsCipher(key).decrypt('project-a', 'plaintext-password')],
	])('refuses to decrypt with %s', (_name, decrypt) => {
		const stored = new CredentialsCipher(key).encrypt('project-a', 'Sup3r-secret-passw0rd');
		expect(() => decrypt(stored)).toThrow(expect.objectContaining({ name: 'CredentialsCipherError' }));
	});

	it('refuses a key that is not 32 bytes', () => {
		expect(() => new CredentialsCipher(randomBytes(16).toString('base64url'))).toThrow('CREDENTIALS_KEY must be 32 bytes');
	});
});

describe('generateAdminPassword', () => {
	it('makes long passwords without look-alike characters, different each time', () => {
		const passwords = Array.from({ length: 200 }, generateAdminPassword);
		for (const password of passwords) {
			expect(password).toHaveLength(ADMIN_PASSWORD_LENGTH);
			expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]+$/);
		}
		expect(new Set(passwords).size).toBe(200);
		expect(ADMIN_PASSWORD_LENGTH).toBeGreaterThanOrEqual(20);
	});
});
