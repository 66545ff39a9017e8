import { ACCOUNT_ERROR_CODES, DOMAIN_ERROR_CODES, PROJECT_ERROR_CODES } from '@epic/platform-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import { getErrorCode, getErrorMessage, getErrorStatus, UnexpectedResponseError } from './api-error';

// The real i18n module reads the browser's storage; the unit tests run in Node, with an i18next
// instance of their own over the real resources.
vi.mock('./i18n', async () => {
	const { default: i18next } = await import('i18next');
	const [{ default: english }, { default: spanish }, { default: russian }] = await Promise.all([
		import('../locales/en.json'),
		import('../locales/es.json'),
		import('../locales/ru.json'),
	]);
	const instance = i18next.createInstance();
	await instance.init({
		lng: 'en',
		fallbackLng: 'en',
		resources: { en: { translation: english }, es: { translation: spanish }, ru: { translation: russian } },
		interpolation: { escapeValue: false },
	});
	return { i18n: instance };
});

const { i18n } = await import('./i18n');

/** What the Directus SDK throws for an `{ errors }` answer. */
const requestError = (status: number, code: string, message: string) => Object.assign(new Error(message), { errors: [{ message, extensions: { code } }], response: { status } });

afterEach(async () => {
	await i18n.changeLanguage('en');
});

describe('api-error', () => {
	it('reads the server message, code and status of a failed request', () => {
		const error = requestError(402, 'CARD_DECLINED', 'Your card was declined.');
		expect(getErrorMessage(error)).toBe('Your card was declined.');
		expect(getErrorCode(error)).toBe('CARD_DECLINED');
		expect(getErrorStatus(error)).toBe(402);
	});

	it('has no code when the answer carries none', () => {
		expect(getErrorCode(new Error('boom'))).toBeNull();
		expect(getErrorCode({ errors: [{ message: 'x' }] })).toBeNull();
		expect(getErrorCode('text')).toBeNull();
	});

	it('shows a known account code in the page language instead of the server English', async () => {
		const error = requestError(401, 'INVALID_CREDENTIALS', 'Invalid user credentials.');
		expect(getErrorMessage(error)).toBe('Invalid email or password');

		await i18n.changeLanguage('ru');
		const russian = getErrorMessage(error);
		expect(russian).toBe('Неверный адрес электронной почты или пароль');
		expect(russian).not.toMatch(/[A-Za-z]/);

		await i18n.changeLanguage('es');
		expect(getErrorMessage(requestError(400, 'WRONG_PASSWORD', 'Wrong password'))).toBe('La contraseña actual no es correcta.');
	});

	it.each([...ACCOUNT_ERROR_CODES, ...PROJECT_ERROR_CODES, ...DOMAIN_ERROR_CODES])('maps %s to its own text in every language', async (code) => {
		const error = requestError(400, code, 'English text from the server');
		const texts = new Set<string>();
		for (const language of ['en', 'es', 'ru']) {
			await i18n.changeLanguage(language);
			const text = getErrorMessage(error);
			expect(text, language).not.toBe('English text from the server');
			expect(text, language).not.toContain('errors.code');
			texts.add(text);
		}
		// Three languages, three different texts: none fell back to English.
		expect(texts.size).toBe(3);
	});

	it('gives each code its own English text', () => {
		const codes = [...ACCOUNT_ERROR_CODES, ...PROJECT_ERROR_CODES, ...DOMAIN_ERROR_CODES];
		const texts = codes.map((code) => getErrorMessage(requestError(400, code, 'x')));
		expect(texts).toEqual(codes.map((code) => en.errors.code[code]));
		expect(new Set(texts).size).toBe(codes.length);
	});

	it('keeps the server message for codes outside the contract, and the status message after that', () => {
		expect(getErrorMessage(requestError(409, 'SUBSCRIPTION_STATE', 'Already canceling'))).toBe('Already canceling');
		expect(getErrorMessage({ response: { status: 429 } })).toBe('Too many requests. Please try again later');
	});

	it("uses the action's fallback when nothing else describes the failure", () => {
		expect(getErrorMessage({}, 'Failed to update profile.')).toBe('Failed to update profile.');
		expect(getErrorMessage(new UnexpectedResponseError('HTML from a proxy'), 'Failed to update profile.')).toBe('Failed to update profile.');
		expect(getErrorMessage({})).toBe('An unexpected error occurred');
	});
});
