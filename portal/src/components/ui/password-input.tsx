import { IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuEye, LuEyeOff } from 'react-icons/lu';

type PasswordInputProps = Omit<InputProps, 'type'>;

/** Password field with a show/hide toggle. */
export function PasswordInput(props: PasswordInputProps) {
	const { t } = useTranslation();
	const [visible, setVisible] = useState(false);
	return (
		<InputGroup
			endElement={
				<IconButton
					variant="ghost"
					size="xs"
					me="-2"
					aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
					aria-pressed={visible}
					onClick={() => setVisible((current) => !current)}
				>
					{visible ? <LuEyeOff /> : <LuEye />}
				</IconButton>
			}
		>
			<Input {...props} type={visible ? 'text' : 'password'} />
		</InputGroup>
	);
}
