import { customEndpoint } from '@directus/sdk';
import { contactMessageReceiptSchema, type ContactMessageReceipt, type ContactMessageRequest } from '@epic/platform-api';
import { directus } from '../../../lib/directus';
import { parseAnswer } from '../../../lib/parse-answer';

/**
 * `POST /contact` (docs/product.md, Contact API). `lang` tells the server which language the
 * sender's copy is written in: the portal's, not the browser's.
 */
export async function sendContactMessage(message: ContactMessageRequest, language: string): Promise<ContactMessageReceipt> {
	const path = `/contact?lang=${encodeURIComponent(language)}`;
	const receipt = await directus.request(customEndpoint<unknown>({ path, method: 'POST', body: JSON.stringify(message) }));
	return parseAnswer(contactMessageReceiptSchema, receipt, 'POST /contact');
}
