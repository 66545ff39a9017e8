/**
 * `/contact`: the help centre's contact form, open to visitors and customers. Limited per client
 * address before anything is read, like the sign-in and registration limits.
 */
import type { ApiExtensionContext } from '@directus/types';
import type { Router } from 'express';
import { ACCOUNT_LANGUAGES } from '@epic/platform-api';
import { accountabilityOf } from '../http/accountability.ts';
import { asyncRoute } from '../http/async-route.ts';
import { limitPerAddress } from '../http/rate-limits/limit-per-address.ts';
import { requestLanguage } from '../http/request-language.ts';
import type { ContactServices } from './contact-services.ts';
import { submitContactMessage } from './submit-contact-message.ts';

/** `contact` is read at each request: the limits' store is built on the first. */
export function registerContactRoutes(router: Router, context: ApiExtensionContext, contact: () => ContactServices): void {
	router.post(
		'/',
		limitPerAddress(() => contact().messagesPerAddress),
		asyncRoute(async (req, res) => {
			const sender = { userId: accountabilityOf(req)?.user ?? null, language: requestLanguage(req, ACCOUNT_LANGUAGES, 'en') };
			res.status(201).json({ data: await submitContactMessage(context, contact(), sender, req.body) });
		}),
	);
}
