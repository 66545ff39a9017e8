/**
 * The sandbox accepts Stripe's documented test card numbers and behaves as Stripe does with them
 * (docs/product.md, Billing API): a card that pays, two that are declined with their own
 * message, and one that pays now but fails at renewal so `past_due` can be reached.
 */
import { CardDeclinedError, InsufficientFundsError, InvalidPayloadError, UnknownTestCardError } from '../../errors.ts';

export type RenewalBehaviour = 'succeeds' | 'fails';

interface TestCard {
	brand: string;
	/** Null: the first charge is refused with this error. */
	refusal: (new () => Error) | null;
	renewal: RenewalBehaviour;
}

const TEST_CARDS: Record<string, TestCard> = {
	'4242424242424242': { brand: 'visa', refusal: null, renewal: 'succeeds' },
	'4000000000000002': { brand: 'visa', refusal: CardDeclinedError, renewal: 'fails' },
	'4000000000009995': { brand: 'visa', refusal: InsufficientFundsError, renewal: 'fails' },
	'4000000000000341': { brand: 'visa', refusal: null, renewal: 'fails' },
	'5555555555554444': { brand: 'mastercard', refusal: null, renewal: 'succeeds' },
};

export interface AcceptedCard {
	brand: string;
	last4: string;
	exp_month: number;
	exp_year: number;
	cardholder: string;
	renewal: RenewalBehaviour;
}

export interface CardInput {
	card_number: string;
	expiry: string;
	cvc: string;
	cardholder: string;
}

/** Validates the card form; throws the error a real charge of this card would give. */
export function chargeTestCard(input: CardInput, now: Date): AcceptedCard {
	const number = input.card_number.replace(/[\s-]/g, '');
	const problems: string[] = [];
	if (!/^\d{12,19}$/.test(number)) problems.push('card_number: must be 12 to 19 digits');
	const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
	const month = expiry ? Number(expiry[1]) : 0;
	const year = expiry ? 2000 + Number(expiry[2]) : 0;
	if (!expiry || month < 1 || month > 12) problems.push('expiry: must be MM/YY');
	else if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
		problems.push('expiry: the card has expired');
	}
	if (!/^\d{3,4}$/.test(input.cvc.trim())) problems.push('cvc: must be 3 or 4 digits');
	if (!input.cardholder.trim()) problems.push('cardholder: is required');
	if (problems.length > 0) throw new InvalidPayloadError({ reason: problems.join('; ') });

	const card = TEST_CARDS[number];
	if (!card) throw new UnknownTestCardError();
	if (card.refusal) throw new card.refusal();
	return { brand: card.brand, last4: number.slice(-4), exp_month: month, exp_year: year, cardholder: input.cardholder.trim(), renewal: card.renewal };
}
