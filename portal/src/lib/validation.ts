import { PASSWORD_MIN_LENGTH } from '@epic/platform-api';

/** docs/product.md, Constants: the one password rule the portal enforces itself, the server's minimum. */
export const MIN_PASSWORD_LENGTH = PASSWORD_MIN_LENGTH;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Validation failures, named by their translation key under `validation.*`. */
export type ValidationError = 'required' | 'email' | 'passwordTooShort' | 'passwordsMismatch';

export const checkRequired = (value: string): ValidationError | null => (value.trim() === '' ? 'required' : null);

export const checkEmail = (value: string): ValidationError | null => checkRequired(value) ?? (EMAIL_PATTERN.test(value.trim()) ? null : 'email');

export const checkNewPassword = (value: string): ValidationError | null => checkRequired(value) ?? (value.length < MIN_PASSWORD_LENGTH ? 'passwordTooShort' : null);

export const checkConfirmation = (password: string, confirmation: string): ValidationError | null =>
	checkRequired(confirmation) ?? (password === confirmation ? null : 'passwordsMismatch');

/** Keeps only the fields that failed, so an empty object means the form is valid. */
export function collectErrors<Field extends string>(checks: Record<Field, ValidationError | null>): Partial<Record<Field, ValidationError>> {
	const errors: Partial<Record<Field, ValidationError>> = {};
	for (const field of Object.keys(checks) as Field[]) {
		const error = checks[field];
		if (error) errors[field] = error;
	}
	return errors;
}
