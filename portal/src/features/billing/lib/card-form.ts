/**
 * The sandbox provider's card form: formatting while typing and the checks made before posting
 * `POST /stripe/sandbox/confirm`. Whether a card is accepted is the server's decision; these only
 * catch what is malformed.
 */

export const CARD_NUMBER_MIN_DIGITS = 12;
export const CARD_NUMBER_MAX_DIGITS = 19;

export type CardFormValues = {
	cardNumber: string;
	expiry: string;
	cvc: string;
	cardholder: string;
	email: string;
};

/** Failures, named by translation key: `validation.*` for the shared ones, `billing.card.errors.*` for the rest. */
export type CardFormError = 'required' | 'email' | 'cardNumber' | 'expiryInvalid' | 'expiryPast' | 'cvc';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const cardDigits = (value: string): string => value.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);

/** Digits in groups of four: "4242424242424242" → "4242 4242 4242 4242". */
export const formatCardNumber = (value: string): string => cardDigits(value).replace(/(\d{4})(?=\d)/g, '$1 ');

/** Up to four digits as MM/YY; the slash appears once the year starts, so deleting it never fights back. */
export function formatExpiry(value: string): string {
	const digits = value.replace(/\D/g, '').slice(0, 4);
	return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export const formatCvc = (value: string): string => value.replace(/\D/g, '').slice(0, 4);

export function checkCardNumber(value: string): CardFormError | null {
	const digits = value.replace(/\s/g, '');
	if (digits === '') return 'required';
	if (!/^\d+$/.test(digits) || digits.length < CARD_NUMBER_MIN_DIGITS || digits.length > CARD_NUMBER_MAX_DIGITS) {
		return 'cardNumber';
	}
	return null;
}

/** MM/YY, a real month, and not before the current month (a card is valid through its expiry month). */
export function checkExpiry(value: string, now: Date): CardFormError | null {
	const trimmed = value.trim();
	if (trimmed === '') return 'required';
	const match = /^(\d{2})\/(\d{2})$/.exec(trimmed);
	if (!match) return 'expiryInvalid';
	const month = Number(match[1]);
	const year = 2000 + Number(match[2]);
	if (month < 1 || month > 12) return 'expiryInvalid';
	const thisYear = now.getFullYear();
	const thisMonth = now.getMonth() + 1;
	if (year < thisYear || (year === thisYear && month < thisMonth)) return 'expiryPast';
	return null;
}

export function checkCvc(value: string): CardFormError | null {
	if (value.trim() === '') return 'required';
	return /^\d{3,4}$/.test(value.trim()) ? null : 'cvc';
}

const checkRequired = (value: string): CardFormError | null => (value.trim() === '' ? 'required' : null);

const checkEmail = (value: string): CardFormError | null => checkRequired(value) ?? (EMAIL_PATTERN.test(value.trim()) ? null : 'email');

/** Only the fields that failed: an empty object means the form may be posted. */
export function validateCardForm(values: CardFormValues, now: Date): Partial<Record<keyof CardFormValues, CardFormError>> {
	const checks: Record<keyof CardFormValues, CardFormError | null> = {
		cardNumber: checkCardNumber(values.cardNumber),
		expiry: checkExpiry(values.expiry, now),
		cvc: checkCvc(values.cvc),
		cardholder: checkRequired(values.cardholder),
		email: checkEmail(values.email),
	};
	const errors: Partial<Record<keyof CardFormValues, CardFormError>> = {};
	for (const field of Object.keys(checks) as (keyof CardFormValues)[]) {
		const error = checks[field];
		if (error) errors[field] = error;
	}
	return errors;
}

/** The translation key of a failure. */
export const cardFormErrorKey = (error: CardFormError) =>
	error === 'required' || error === 'email' ? (`validation.${error}` as const) : (`billing.card.errors.${error}` as const);
