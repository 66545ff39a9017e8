/** Reads the mail catcher's inbox through its REST API: the emails Directus really sent. */
import { controlPlane } from './api.ts';
import { readUntil, waitFor } from './wait-for.ts';

export interface CaughtEmail {
	id: string;
	subject: string;
	html: string;
	text: string;
	to: { address: string }[];
	from: { address: string; name: string }[];
}

async function caughtEmails(): Promise<CaughtEmail[]> {
	return (await (await fetch(`${controlPlane().mailUiUrl}/email`)).json()) as CaughtEmail[];
}

const addressedTo = (email: CaughtEmail, to: string) => email.to.some((recipient) => recipient.address === to);

export function waitForEmail(to: string, subjectPattern: RegExp, timeoutMs = 15_000): Promise<CaughtEmail> {
	const match = async () => (await caughtEmails()).find((email) => addressedTo(email, to) && subjectPattern.test(email.subject));
	return waitFor(`an email to ${to} matching ${subjectPattern}`, match, timeoutMs, 200);
}

/** Every email to `to` in the order they arrived, once at least `count` of them have. */
export async function waitForEmails(to: string, count: number, timeoutMs = 15_000): Promise<CaughtEmail[]> {
	const read = async () => (await caughtEmails()).filter((email) => addressedTo(email, to));
	const received = await readUntil(read, (emails) => emails.length >= count, timeoutMs, 200);
	if (received.length < count) throw new Error(`${received.length} of ${count} emails to ${to} within ${timeoutMs} ms: ${received.map((email) => email.subject).join(' | ')}`);
	return received;
}

/** The words of an email's HTML body, without tags and links. */
export function bodyText(email: CaughtEmail): string {
	return email.html
		.replace(/<[^>]+>/g, ' ')
		.replace(/https?:\/\/\S+/g, ' ')
		.replace(/&#?\w+;/g, ' ')
		.replace(/\s+/g, ' ')
		.trim();
}

/** An attribute value as the browser reads it: `&amp;` and numeric references (`&#38;`, `&#x26;`) decoded. */
const decodeAttribute = (value: string): string =>
	value
		.replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
		.replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
		.replaceAll('&quot;', '"')
		.replaceAll('&amp;', '&');

/** The first link in an email's HTML whose URL starts with the given prefix. */
export function linkIn(email: CaughtEmail, prefix: string): URL {
	const hrefs = [...email.html.matchAll(/href=["']([^"']+)["']/g)].map((match) => decodeAttribute(match[1]!));
	const href = hrefs.find((candidate) => candidate.startsWith(prefix));
	if (!href) throw new Error(`No link starting with ${prefix} in "${email.subject}"; links: ${hrefs.join(' ')}`);
	return new URL(href);
}

/** Every email caught so far for an address, oldest first. */
export async function emailsTo(to: string): Promise<CaughtEmail[]> {
	const response = await fetch(`${controlPlane().mailUiUrl}/email`);
	const emails = (await response.json()) as CaughtEmail[];
	return emails.filter((email) => email.to.some((recipient) => recipient.address === to));
}
