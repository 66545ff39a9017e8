/**
 * Every email the platform sends has one shape: the product's name, a few paragraphs and at most
 * one link into the portal, as HTML and as plain text (docs/product.md, Account emails).
 */
export const PRODUCT_NAME = 'Epic CMS';

export interface EmailCopy {
	subject: string;
	paragraphs: string[];
	action?: { label: string; url: string };
	/** A closing line under the link, e.g. "If you did not ask for this, ignore this email." */
	footnote?: string;
}

export interface RenderedEmail {
	subject: string;
	text: string;
	html: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function renderEmail(copy: EmailCopy): RenderedEmail {
	const text = [...copy.paragraphs, ...(copy.action ? [`${copy.action.label}: ${copy.action.url}`] : []), ...(copy.footnote ? [copy.footnote] : []), `— ${PRODUCT_NAME}`].join(
		'\n\n',
	);
	const html = [
		'<div style="font-family: system-ui, sans-serif; font-size: 15px; line-height: 1.5; color: #1a1a1a; max-width: 560px">',
		`<p style="font-size: 18px; font-weight: bold; color: #6b46c1">${PRODUCT_NAME}</p>`,
		...copy.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
		...(copy.action
			? [
					`<p><a href="${escapeHtml(copy.action.url)}" style="display: inline-block; padding: 10px 18px; background: #6b46c1; color: #ffffff; border-radius: 6px; text-decoration: none">${escapeHtml(copy.action.label)}</a></p>`,
					// The raw link breaks anywhere: a long token would otherwise run off a phone's screen.
					`<p style="font-size: 13px; color: #555555; word-break: break-all; overflow-wrap: anywhere">${escapeHtml(copy.action.url)}</p>`,
				]
			: []),
		...(copy.footnote ? [`<p style="font-size: 13px; color: #555555">${escapeHtml(copy.footnote)}</p>`] : []),
		'</div>',
	].join('\n');
	return { subject: copy.subject, text, html };
}
