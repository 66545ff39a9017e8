import { describe, expect, it } from 'vitest';
import { withPlatformSender } from './sender-rewrite.ts';

const rewrite = (raw: string) => withPlatformSender(Buffer.from(raw, 'latin1'), 'sites@epic.example').toString('latin1');

describe('withPlatformSender', () => {
	it("replaces From, Sender and Return-Path (folded lines too) and keeps the site's name and the rest", () => {
		const out = rewrite(
			'From: "Acme Blog" <ceo@bank.example>\r\nSender: x@y.example\r\nReturn-Path:\r\n <bounce@y.example>\r\nTo: a@b.example\r\nSubject: Hi\r\n\r\nBody\r\nFrom: not a header\r\n',
		);
		expect(out).toBe('From: "Acme Blog" <sites@epic.example>\r\nTo: a@b.example\r\nSubject: Hi\r\n\r\nBody\r\nFrom: not a header\r\n');
	});

	it('keeps an encoded non-ASCII name as it is, drops what reads as an address from a name, and sends without one when none is given', () => {
		expect(rewrite('From: =?UTF-8?Q?=D0=91=D0=BB=D0=BE=D0=B3?= <a@b.example>\n\nx')).toMatch(/^From: =\?UTF-8\?Q\?=D0=91=D0=BB=D0=BE=D0=B3\?= <sites@epic\.example>\r\n/);
		expect(rewrite('From: "support@bank.example" <a@b.example>\n\nx')).toMatch(/^From: "supportbank\.example" <sites@epic\.example>\r\n/);
		expect(rewrite('Subject: none\r\n\r\nx')).toBe('From: <sites@epic.example>\r\nSubject: none\r\n\r\nx');
	});
});
