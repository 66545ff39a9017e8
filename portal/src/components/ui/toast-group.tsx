import { Toaster as ChakraToaster, Spinner, Stack, Toast } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../lib/toaster';

/** Renders the app's toast queue (the group is position: fixed, so it needs no portal). */
export function ToastGroup() {
	const { t } = useTranslation();
	return (
		<ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
			{(toast) => (
				<Toast.Root width={{ md: '356px' }} data-testid="toast">
					{toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
					<Stack gap="1" flex="1" maxWidth="100%">
						{toast.title && <Toast.Title>{toast.title}</Toast.Title>}
						{toast.description && <Toast.Description>{toast.description}</Toast.Description>}
					</Stack>
					{toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
					<Toast.CloseTrigger aria-label={t('common.closeNotification')} />
				</Toast.Root>
			)}
		</ChakraToaster>
	);
}
