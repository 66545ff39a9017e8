/**
 * The first packet a PostgreSQL client sends (protocol 3, "Start-up" in PostgreSQL's protocol
 * documentation): a length, a code, and for a start-up message the connection's parameters. The
 * database gate reads it to learn who a site is connecting as before a byte reaches the server.
 */

/** Codes that share the start-up packet's shape but are requests, not a start-up message. */
const SSL_REQUEST = 80877103;
const GSS_ENCRYPTION_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/** Protocol major version 3 (3.0 and the 3.2 of newer clients): the high 16 bits of the code. */
const PROTOCOL_MAJOR_3 = 3;
/** PostgreSQL refuses longer start-up packets (MAX_STARTUP_PACKET_LENGTH). */
export const MAX_STARTUP_PACKET_BYTES = 10_000;

export type StartupPacket =
	| { kind: 'incomplete' }
	| { kind: 'invalid'; reason: string }
	/** SSL or GSS encryption asked for: the gate answers 'N' and the client goes on in plain text. */
	| { kind: 'encryption-request'; length: number }
	| { kind: 'cancel'; length: number }
	| { kind: 'startup'; length: number; parameters: Record<string, string> };

export function readStartupPacket(buffer: Buffer): StartupPacket {
	if (buffer.length < 8) return { kind: 'incomplete' };
	const length = buffer.readInt32BE(0);
	if (length < 8 || length > MAX_STARTUP_PACKET_BYTES) return { kind: 'invalid', reason: `start-up packet of ${length} bytes` };
	const code = buffer.readInt32BE(4);
	if (code === SSL_REQUEST || code === GSS_ENCRYPTION_REQUEST) {
		return length === 8 ? { kind: 'encryption-request', length } : { kind: 'invalid', reason: 'malformed encryption request' };
	}
	if (code === CANCEL_REQUEST) return { kind: 'cancel', length };
	if (code >>> 16 !== PROTOCOL_MAJOR_3) return { kind: 'invalid', reason: `unsupported protocol ${code >>> 16}.${code & 0xffff}` };
	if (buffer.length < length) return { kind: 'incomplete' };
	const fields = buffer.subarray(8, length).toString('utf8').split('\0');
	// Pairs of names and values, then the empty name that ends the list (and the split's last piece).
	if (fields.length < 2 || fields.at(-1) !== '' || fields.at(-2) !== '' || fields.length % 2 !== 0) {
		return { kind: 'invalid', reason: 'malformed start-up parameters' };
	}
	const parameters: Record<string, string> = {};
	for (let index = 0; index < fields.length - 2; index += 2) parameters[fields[index]!] = fields[index + 1]!;
	return { kind: 'startup', length, parameters };
}

/** A FATAL ErrorResponse, so the site's client reports why it was turned away. */
export function fatalErrorPacket(sqlState: string, message: string): Buffer {
	const body = Buffer.concat([...[`SFATAL`, `VFATAL`, `C${sqlState}`, `M${message}`].map((field) => Buffer.from(`${field}\0`, 'utf8')), Buffer.from([0])]);
	const header = Buffer.alloc(5);
	header.write('E', 0, 'ascii');
	header.writeInt32BE(body.length + 4, 1);
	return Buffer.concat([header, body]);
}
