/**
 * The pages behind the `url` fields (the billing portal, hosted invoices), so a browser test that
 * follows them lands somewhere real: plain HTML naming the object, with the portal's way back.
 * Served without a key, like Stripe's.
 */
import type { ServerResponse } from 'node:http';
import { formatMoney } from './prices.ts';
import type { Store } from './store.ts';

function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function page(response: ServerResponse, status: number, title: string, body: string): void {
	response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
	response.end(`<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`);
}

/** Answers the request if it is for a page; false when the path is not one. */
export function answerPage(store: Store, pathname: string, response: ServerResponse): boolean {
	const portal = /^\/p\/session\/([^/]+)$/.exec(pathname);
	if (portal) {
		const session = store.billingPortalSessions.get(portal[1]!);
		if (!session) page(response, 404, 'Billing portal session not found', '');
		else {
			const customer = store.customers.get(session.customer);
			const back = session.return_url ? `<a id="return" href="${escapeHtml(session.return_url)}">Return</a>` : '';
			page(response, 200, 'Billing portal (local Stripe test server)', `<p id="customer">${escapeHtml(customer?.email ?? session.customer)}</p>${back}`);
		}
		return true;
	}
	const invoicePath = /^\/invoices\/([^/]+)$/.exec(pathname);
	if (invoicePath) {
		const invoice = store.invoices.get(invoicePath[1]!);
		if (!invoice) page(response, 404, 'Invoice not found', '');
		else page(response, 200, `Invoice ${invoice.number}`, `<p id="amount">${escapeHtml(formatMoney(invoice.total, invoice.currency))}</p><p id="status">${invoice.status}</p>`);
		return true;
	}
	return false;
}
