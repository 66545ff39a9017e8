import { customEndpoint } from '@directus/sdk';
import type { ContactMessageReceipt, ContactMessageRequest } from '@epic/platform-api';
import { UnexpectedResponseError } from '../../../lib/api-error';
import { directus } from '../../../lib/directus';

function isReceipt(value: unknown): value is ContactMessageReceipt {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

/**
 * `POST /contact` (docs/product.md, Contact API). `lang` tells the server which language the
 * sender's copy is written in: the portal's, not the browser's.
 */
export async function sendContactMessage(message: ContactMessageRequest, language: string): Promise<ContactMessageReceipt> {
  const path = `/contact?lang=${encodeURIComponent(language)}`;
  const receipt = await directus.request(customEndpoint<unknown>({ path, method: 'POST', body: JSON.stringify(message) }));
  if (!isReceipt(receipt)) throw new UnexpectedResponseError('POST /contact did not answer with the message id');
  return receipt;
}
