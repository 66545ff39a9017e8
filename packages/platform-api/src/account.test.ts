import { describe, expect, it } from 'vitest';
import { accountProfileSchema } from './account.ts';

const profile = { id: 'u1', email: 'ana@example.com', first_name: 'Ana', last_name: null, language: 'es', avatar: null, status: 'active' };

describe('accountProfileSchema', () => {
	it('accepts the profile of GET /account/me', () => {
		expect(accountProfileSchema.parse(profile)).toEqual(profile);
	});

	it('needs only an id and an email: any other field it cannot read counts as not set', () => {
		expect(accountProfileSchema.parse({ id: 'u1', email: 'ana@example.com', first_name: 5, language: 'de', avatar: {} })).toEqual({
			id: 'u1',
			email: 'ana@example.com',
			first_name: null,
			last_name: null,
			language: null,
			avatar: null,
			status: '',
		});
	});

	it('refuses an answer without an id or an email', () => {
		expect(accountProfileSchema.safeParse({ ...profile, id: undefined }).success).toBe(false);
		expect(accountProfileSchema.safeParse({ ...profile, email: null }).success).toBe(false);
		expect(accountProfileSchema.safeParse('<html>').success).toBe(false);
	});
});
