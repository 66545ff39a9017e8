import { describe, expect, it } from 'vitest';
import { mailboxKey } from './mailbox-key.ts';

describe('mailboxKey', () => {
	it('folds case, spacing and +tags into one mailbox', () => {
		expect(mailboxKey(' Ann+News@Example.COM ')).toBe('ann@example.com');
		expect(mailboxKey('ann+a+b@example.com')).toBe('ann@example.com');
		expect(mailboxKey('ann@example.com')).toBe('ann@example.com');
	});

	it('keeps an address whose local part is only a tag, and text that is no address', () => {
		expect(mailboxKey('+tag@example.com')).toBe('+tag@example.com');
		expect(mailboxKey('not-an-address')).toBe('not-an-address');
	});
});
