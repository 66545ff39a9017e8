import { Alert, Badge, Button, Card, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuLock } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { getErrorCode, getErrorMessage } from '../../../lib/api-error';
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment';
import { rememberCheckoutSession } from '../api/get-checkout-session';
import { refreshBillingState } from '../api/refresh-billing-state';
import { formatCardNumber, formatCvc, formatExpiry, validateCardForm, type CardFormValues } from '../lib/card-form';
import { completedCheckoutDestination } from '../lib/checkout-urls';
import { CardField } from './card-field';
import { OrderSummary } from './order-summary';

type SandboxCheckoutFormProps = {
	sessionId: string;
	/** The checkout's return URL, `{CHECKOUT_SESSION_ID}` still in it. */
	returnUrl: string;
	/** The signed-in customer's email, prefilled. */
	email: string;
};

type ServerError = { message: string; code: string | null };

/**
 * The sandbox provider's checkout: the portal's own card form, posted to `POST /stripe/sandbox/confirm`.
 * A refusal (declined card, insufficient funds, a field the server rejects) is shown here and the
 * form stays; a paid checkout goes to its return URL.
 */
export function SandboxCheckoutForm({ sessionId, returnUrl, email }: SandboxCheckoutFormProps) {
	const { t } = useTranslation();
	const navigate = useNavigate();
	const [values, setValues] = useState<CardFormValues>({ cardNumber: '', expiry: '', cvc: '', cardholder: '', email });
	const [submitted, setSubmitted] = useState(false);
	const [busy, setBusy] = useState(false);
	const [serverError, setServerError] = useState<ServerError | null>(null);

	const errors = validateCardForm(values, new Date());
	// Messages appear after the first submit attempt, not while the customer is still typing.
	const shown = submitted ? errors : {};

	// A refusal was about the card as it was sent: changing the card takes it away.
	const update =
		(field: keyof CardFormValues, format: (value: string) => string = (value) => value) =>
		(event: { target: { value: string } }) => {
			setServerError(null);
			setValues((current) => ({ ...current, [field]: format(event.target.value) }));
		};

	const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		setSubmitted(true);
		if (Object.keys(errors).length > 0) return;
		setBusy(true);
		setServerError(null);
		try {
			const session = await confirmSandboxPayment({
				session_id: sessionId,
				card_number: values.cardNumber.replace(/\s/g, ''),
				expiry: values.expiry.trim(),
				cvc: values.cvc.trim(),
				cardholder: values.cardholder.trim(),
				email: values.email.trim(),
			});
			await rememberCheckoutSession(session);
			await refreshBillingState();
			const destination = completedCheckoutDestination(returnUrl, session.id, window.location.origin);
			if (destination.kind === 'internal') await navigate(destination.path);
			else window.location.assign(destination.href);
		} catch (error) {
			setServerError({ message: getErrorMessage(error), code: getErrorCode(error) });
			setBusy(false);
		}
	};

	return (
		<SimpleGrid columns={{ base: 1, md: 5 }} gap="6" alignItems="start">
			<Card.Root gridColumn={{ md: 'span 3' }}>
				<Card.Body>
					<form noValidate onSubmit={(event) => void handleSubmit(event)} data-testid="sandbox-checkout-form">
						<Stack gap="5">
							<HStack justify="space-between" wrap="wrap" gap="2">
								<Heading as="h2" size="md">
									{t('billing.card.title')}
								</Heading>
								<Badge colorPalette="orange" variant="surface">
									{t('billing.card.sandbox')}
								</Badge>
							</HStack>
							<Text fontSize="sm" color="fg.muted">
								{t('billing.card.sandboxNote')}
							</Text>

							{serverError && (
								<Alert.Root status="error" data-testid="payment-error" data-code={serverError.code ?? undefined}>
									<Alert.Indicator />
									<Alert.Content>
										<Alert.Title>{t('billing.card.refused')}</Alert.Title>
										<Alert.Description>{serverError.message}</Alert.Description>
									</Alert.Content>
								</Alert.Root>
							)}

							<CardField label={t('billing.card.number')} error={shown.cardNumber}>
								<Input
									name="cardnumber"
									inputMode="numeric"
									autoComplete="cc-number"
									placeholder="1234 1234 1234 1234"
									value={values.cardNumber}
									onChange={update('cardNumber', formatCardNumber)}
									data-testid="card-number"
								/>
							</CardField>
							<HStack gap="4" align="start">
								<CardField label={t('billing.card.expiry')} error={shown.expiry} flex="1">
									<Input
										name="exp-date"
										inputMode="numeric"
										autoComplete="cc-exp"
										placeholder={t('billing.card.expiryPlaceholder')}
										value={values.expiry}
										onChange={update('expiry', formatExpiry)}
										data-testid="card-expiry"
									/>
								</CardField>
								<CardField label={t('billing.card.cvc')} error={shown.cvc} flex="1">
									<Input name="cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" value={values.cvc} onChange={update('cvc', formatCvc)} data-testid="card-cvc" />
								</CardField>
							</HStack>
							<CardField label={t('billing.card.cardholder')} error={shown.cardholder}>
								<Input name="ccname" autoComplete="cc-name" value={values.cardholder} onChange={update('cardholder')} data-testid="card-holder" />
							</CardField>
							<CardField label={t('billing.card.email')} error={shown.email}>
								<Input name="email" type="email" autoComplete="email" value={values.email} onChange={update('email')} data-testid="card-email" />
							</CardField>
							<Button type="submit" colorPalette="purple" size="lg" loading={busy} data-testid="pay-button">
								<LuLock aria-hidden="true" />
								{t('billing.card.pay')}
							</Button>
						</Stack>
					</form>
				</Card.Body>
			</Card.Root>
			<Stack gridColumn={{ md: 'span 2' }} order={{ base: -1, md: 0 }} gap="4">
				<OrderSummary sessionId={sessionId} />
			</Stack>
		</SimpleGrid>
	);
}
