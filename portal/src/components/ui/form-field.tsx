import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ValidationError } from '../../lib/validation';

type FormFieldProps = { label: string; error?: ValidationError | undefined; helperText?: string; children: ReactNode };

/** Label, control and translated validation message, wired together for screen readers. */
export function FormField({ label, error, helperText, children }: FormFieldProps) {
	const { t } = useTranslation();
	return (
		<Field.Root invalid={Boolean(error)} required>
			<Field.Label>
				{label}
				<Field.RequiredIndicator />
			</Field.Label>
			{children}
			{error ? <Field.ErrorText>{t(`validation.${error}`)}</Field.ErrorText> : helperText && <Field.HelperText>{helperText}</Field.HelperText>}
		</Field.Root>
	);
}
