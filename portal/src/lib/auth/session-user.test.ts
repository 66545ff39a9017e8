import { describe, expect, it } from 'vitest';
import { splitFullName, toSessionUser } from './session-user';

describe('session user', () => {
	it('reads the profile of GET /account/me', () => {
		const user = toSessionUser({
			id: 'u1',
			email: 'ana@example.com',
			first_name: 'Ana',
			last_name: 'García',
			language: 'es',
			avatar: 'f1',
			status: 'active',
		});
		expect(user).toEqual({
			id: 'u1',
			email: 'ana@example.com',
			firstName: 'Ana',
			lastName: 'García',
			name: 'Ana García',
			avatar: 'f1',
			language: 'es',
			status: 'active',
		});
	});

	it('falls back to the email for the name, and to null for a missing avatar or an unknown language', () => {
		const user = toSessionUser({ id: 'u1', email: 'ana@example.com', first_name: null, last_name: ' ', language: 'de', avatar: null });
		expect(user.name).toBe('ana@example.com');
		expect(user.avatar).toBeNull();
		expect(user.language).toBeNull();
		expect(user.status).toBe('');
	});

	it('splits a full name at the first space', () => {
		expect(splitFullName(' Ana María García ')).toEqual({ first_name: 'Ana', last_name: 'María García' });
		expect(splitFullName('Ana')).toEqual({ first_name: 'Ana', last_name: '' });
	});
});
