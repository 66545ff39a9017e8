import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cardFormErrorKey, type CardFormError } from '../lib/card-form';

type CardFieldProps = { label: string; error?: CardFormError | undefined; children: ReactNode; flex?: string };

/** Label, control and translated validation message of the card form, wired for screen readers. */
export function CardField({ label, error, children, flex }: CardFieldProps) {
	const { t } = useTranslation();
	return (
		<Field.Root invalid={Boolean(error)} required flex={flex}>
			<Field.Label>
				{label}
				<Field.RequiredIndicator />
			</Field.Label>
			{children}
			{error && <Field.ErrorText>{t(cardFormErrorKey(error))}</Field.ErrorText>}
		</Field.Root>
	);
}
