import { describe, expect, it } from 'vitest';
import { fatalErrorPacket, readStartupPacket } from './startup-packet.ts';

function packet(code: number, body = Buffer.alloc(0), length = 8 + body.length): Buffer {
	const header = Buffer.alloc(8);
	header.writeInt32BE(length, 0);
	header.writeInt32BE(code, 4);
	return Buffer.concat([header, body]);
}

const startup = (parameters: string) => packet(196608, Buffer.from(parameters, 'utf8'));

describe('readStartupPacket', () => {
	it('reads the parameters of a protocol 3 start-up message', () => {
		const bytes = startup('user\0site_a\0database\0site_a\0client_encoding\0UTF8\0\0');
		expect(readStartupPacket(bytes)).toEqual({
			kind: 'startup',
			length: bytes.length,
			parameters: { user: 'site_a', database: 'site_a', client_encoding: 'UTF8' },
		});
	});

	it('waits for the rest of a packet split across reads', () => {
		const bytes = startup('user\0site_a\0\0');
		expect(readStartupPacket(bytes.subarray(0, 5))).toEqual({ kind: 'incomplete' });
		expect(readStartupPacket(bytes.subarray(0, bytes.length - 1))).toEqual({ kind: 'incomplete' });
	});

	it('tells encryption and cancel requests from a start-up message', () => {
		expect(readStartupPacket(packet(80877103))).toEqual({ kind: 'encryption-request', length: 8 });
		expect(readStartupPacket(packet(80877104))).toEqual({ kind: 'encryption-request', length: 8 });
		expect(readStartupPacket(packet(80877102, Buffer.alloc(8)))).toEqual({ kind: 'cancel', length: 16 });
	});

	it('refuses what it cannot read rather than guess', () => {
		expect(readStartupPacket(packet(196608, Buffer.alloc(0), 20_000))).toMatchObject({ kind: 'invalid' });
		expect(readStartupPacket(packet(131072, Buffer.from('user\0x\0\0')))).toMatchObject({ kind: 'invalid', reason: 'unsupported protocol 2.0' });
		// A name with no value: the list does not end where the packet does.
		expect(readStartupPacket(startup('user\0site_a\0database\0\0'))).toMatchObject({ kind: 'invalid', reason: 'malformed start-up parameters' });
	});
});

describe('fatalErrorPacket', () => {
	it('is an ErrorResponse whose length counts itself and its fields', () => {
		const bytes = fatalErrorPacket('28000', 'no');
		expect(bytes.subarray(0, 1).toString()).toBe('E');
		expect(bytes.readInt32BE(1)).toBe(bytes.length - 1);
		expect(bytes.subarray(5).toString()).toBe('SFATAL\0VFATAL\0C28000\0Mno\0\0');
	});
});
