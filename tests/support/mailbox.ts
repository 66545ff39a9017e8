/** Reads the mail catcher's inbox through its REST API: the emails Directus really sent. */
import { controlPlane } from './api.ts';

export interface CaughtEmail {
	id: string;
	subject: string;
	html: string;
	text: string;
	to: { address: string }[];
	from: { address: string; name: string }[];
}

export async function waitForEmail(to: string, subjectPattern: RegExp, timeoutMs = 15_000): Promise<CaughtEmail> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const response = await fetch(`${controlPlane().mailUiUrl}/email`);
		const emails = (await response.json()) as CaughtEmail[];
		const match = emails.find(
			(email) => email.to.some((recipient) => recipient.address === to) && subjectPattern.test(email.subject),
		);
		if (match) return match;
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	throw new Error(`No email to ${to} matching ${subjectPattern} within ${timeoutMs} ms`);
}

/** Every email to `to` in the order they arrived, once at least `count` of them have. */
export async function waitForEmails(to: string, count: number, timeoutMs = 15_000): Promise<CaughtEmail[]> {
	const deadline = Date.now() + timeoutMs;
	let received: CaughtEmail[] = [];
	while (Date.now() < deadline) {
		const response = await fetch(`${controlPlane().mailUiUrl}/email`);
		const emails = (await response.json()) as CaughtEmail[];
		received = emails.filter((email) => email.to.some((recipient) => recipient.address === to));
		if (received.length >= count) return received;
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	throw new Error(`${received.length} of ${count} emails to ${to} within ${timeoutMs} ms: ${received.map((email) => email.subject).join(' | ')}`);
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
	if (!href) throw new Error(`No link starting with ${prefix} in "${email.subject}"; links: ${hrefs.join(" ")}`);
	return new URL(href);
}

/** Every email caught so far for an address, oldest first. */
export async function emailsTo(to: string): Promise<CaughtEmail[]> {
	const response = await fetch(`${controlPlane().mailUiUrl}/email`);
	const emails = (await response.json()) as CaughtEmail[];
	return emails.filter((email) => email.to.some((recipient) => recipient.address === to));
}
