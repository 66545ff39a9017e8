/**
 * The language a customer registers in, stored on the new user so every email (starting with the
 * verification email) is written in it. Directus's `POST /users/register` refuses fields it does
 * not know and creates the user in its own service, so the language is taken off the request here
 * and held for the rest of the request in async-local storage, where the `users.create` filter
 * (hooks/account) finds it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ACCOUNT_LANGUAGES, type AccountLanguage } from '@epic/platform-api';
import type { NextFunction, Request, Response } from 'express';
import { InvalidPayloadError } from '../../errors.ts';

const requestLanguage = new AsyncLocalStorage<AccountLanguage>();

const isAccountLanguage = (value: unknown): value is AccountLanguage => (ACCOUNT_LANGUAGES as readonly unknown[]).includes(value);

/** Mounted on `POST /users/register` after Directus has parsed the body. */
export function holdRegistrationLanguage(req: Request, _res: Response, next: NextFunction): void {
	const body = req.body as Record<string, unknown> | undefined;
	if (!body || typeof body !== 'object' || !('language' in body)) return next();
	const { language } = body;
	delete body['language'];
	if (!isAccountLanguage(language)) {
		return next(new InvalidPayloadError({ reason: `language: must be one of ${ACCOUNT_LANGUAGES.join(', ')}` }));
	}
	requestLanguage.run(language, next);
}

/** The language of the registration this code runs for, if it sent one. */
export function registrationLanguage(): AccountLanguage | undefined {
	return requestLanguage.getStore();
}
