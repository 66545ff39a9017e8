import { Field, Input, InputGroup } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuSearch } from 'react-icons/lu';

type HelpSearchProps = { value: string; onChange: (value: string) => void };

export function HelpSearch({ value, onChange }: HelpSearchProps) {
	const { t } = useTranslation();
	return (
		<Field.Root>
			<Field.Label srOnly>{t('help.search.label')}</Field.Label>
			<InputGroup startElement={<LuSearch aria-hidden="true" />}>
				<Input
					type="search"
					size="lg"
					bg="bg"
					value={value}
					onChange={(event) => onChange(event.target.value)}
					placeholder={t('help.search.placeholder')}
					data-testid="help-search"
				/>
			</InputGroup>
		</Field.Root>
	);
}
