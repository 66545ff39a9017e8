import {
	ACCOUNT_ERROR_CODES,
	BACKUP_ERROR_CODES,
	DOMAIN_ERROR_CODES,
	PROJECT_ERROR_CODES,
	type AccountErrorCode,
	type BackupErrorCode,
	type DomainErrorCode,
	type ProjectErrorCode,
} from '@epic/platform-api';
import { i18n } from './i18n';

/**
 * An answer that arrived but is not what the endpoint promises, e.g. an HTML
 * page from a proxy. Its message is for developers; users see a generic one.
 */
export class UnexpectedResponseError extends Error {
	override name = 'UnexpectedResponseError';
}

/**
 * Turns anything a request threw into the one message the user sees, in the order of
 * docs/product.md, Error messages: a known error code in the page's language, the server's first
 * error message, the error's own message, a message for the HTTP status, then `fallback` (the
 * action's own "Failed to …", or a generic message).
 */
export function getErrorMessage(error: unknown, fallback?: string): string {
	const lastResort = fallback ?? i18n.t('errors.unexpected');
	if (error instanceof UnexpectedResponseError) return lastResort;
	return messageForCode(getErrorCode(error)) ?? firstServerMessage(error) ?? ownMessage(error) ?? messageForStatus(statusOf(error)) ?? lastResort;
}

type TranslatedErrorCode = AccountErrorCode | ProjectErrorCode | DomainErrorCode | BackupErrorCode;

const TRANSLATED_ERROR_CODES: readonly string[] = [...ACCOUNT_ERROR_CODES, ...PROJECT_ERROR_CODES, ...DOMAIN_ERROR_CODES, ...BACKUP_ERROR_CODES];

const isTranslatedErrorCode = (code: string): code is TranslatedErrorCode => TRANSLATED_ERROR_CODES.includes(code);

/**
 * The account, sign-in, projects, domain and backup codes of the contract have texts in every language; the
 * server's are English.
 */
function messageForCode(code: string | null): string | null {
	return code !== null && isTranslatedErrorCode(code) ? i18n.t(`errors.code.${code}`) : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const nonEmpty = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

function firstServerMessage(error: unknown): string | null {
	if (!isRecord(error) || !Array.isArray(error.errors)) return null;
	const [first] = error.errors as unknown[];
	return isRecord(first) ? nonEmpty(first.message) : null;
}

function ownMessage(error: unknown): string | null {
	return error instanceof Error ? nonEmpty(error.message) : null;
}

function statusOf(error: unknown): number | null {
	if (!isRecord(error)) return null;
	if (typeof error.status === 'number') return error.status;
	const { response } = error;
	return isRecord(response) && typeof response.status === 'number' ? response.status : null;
}

function messageForStatus(status: number | null): string | null {
	switch (status) {
		case 401:
			return i18n.t('errors.status401');
		case 422:
			return i18n.t('errors.status422');
		case 429:
			return i18n.t('errors.status429');
		case 500:
			return i18n.t('errors.status500');
		default:
			return null;
	}
}

/** HTTP status of a failed request, when the error carries one. */
export const getErrorStatus = statusOf;

/** The server's error code (`errors[0].extensions.code`), e.g. `CARD_DECLINED`, when the error carries one. */
export function getErrorCode(error: unknown): string | null {
	if (!isRecord(error) || !Array.isArray(error.errors)) return null;
	const [first] = error.errors as unknown[];
	if (!isRecord(first) || !isRecord(first.extensions)) return null;
	return nonEmpty(first.extensions.code);
}
