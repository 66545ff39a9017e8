/**
 * Every email a site sends leaves from the platform's address, under the site's own name: the
 * relay replaces the message's From (and drops Sender and Return-Path) whatever the site wrote, so
 * no site can send as another, as the platform's staff, or as anyone else. The display name is the
 * one the site's Directus gives (its project name), stripped of anything that reads as an address.
 */
import addressparser from 'nodemailer/lib/addressparser';
import { encodeWords, quoteString } from 'nodemailer/lib/mime-funcs';

const REPLACED_HEADERS = new Set(['from', 'sender', 'return-path']);
/** One or more RFC 2047 encoded words, as nodemailer writes a non-ASCII name: kept as they are. */
const ENCODED_WORDS = /^(=\?[^?\s]+\?[QqBb]\?[^?\s]*\?=\s*)+$/;
const NAME_MAX = 100;

function splitHead(raw: Buffer): { head: string; body: Buffer } {
	const crlf = raw.indexOf('\r\n\r\n');
	const lf = raw.indexOf('\n\n');
	const [end, gap] = crlf !== -1 && (lf === -1 || crlf <= lf) ? [crlf, 4] : lf !== -1 ? [lf, 2] : [raw.length, 0];
	return { head: raw.subarray(0, end).toString('latin1'), body: raw.subarray(Math.min(raw.length, end + gap)) };
}

/** Header fields with their folded continuation lines, each as written. */
function headerFields(head: string): string[] {
	const fields: string[] = [];
	for (const line of head.split(/\r?\n/)) {
		if (/^[ \t]/.test(line) && fields.length) fields[fields.length - 1] += `\r\n${line}`;
		else if (line) fields.push(line);
	}
	return fields;
}

function fieldName(field: string): string {
	return field
		.slice(0, Math.max(0, field.indexOf(':')))
		.trim()
		.toLowerCase();
}

function displayNameOf(fields: string[]): string {
	const from = fields.find((field) => fieldName(field) === 'from');
	if (!from) return '';
	const value = from.slice(from.indexOf(':') + 1).replace(/\r\n[ \t]+/g, ' ');
	const [first] = addressparser(value);
	return (first && 'name' in first ? first.name : '')
		.replace(/[<>@"\\\r\n]/g, '')
		.trim()
		.slice(0, NAME_MAX);
}

export function fromHeader(name: string, address: string): string {
	if (!name) return `From: <${address}>`;
	if (ENCODED_WORDS.test(name)) return `From: ${name} <${address}>`;
	if (/^[\x20-\x7e]*$/.test(name)) return `From: ${quoteString(name)} <${address}>`;
	return `From: ${encodeWords(name, 'Q', 52, true)} <${address}>`;
}

/** The message as the platform sends it: From set to `address` under the site's name. */
export function withPlatformSender(raw: Buffer, address: string): Buffer {
	const { head, body } = splitHead(raw);
	const fields = headerFields(head);
	const kept = fields.filter((field) => !REPLACED_HEADERS.has(fieldName(field)));
	const newHead = [fromHeader(displayNameOf(fields), address), ...kept].join('\r\n');
	return Buffer.concat([Buffer.from(`${newHead}\r\n\r\n`, 'latin1'), body]);
}
