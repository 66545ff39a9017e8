import { Center, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Full-height spinner for screens waiting on the session. */
export function PageSpinner() {
	const { t } = useTranslation();
	return (
		<Center minH="60vh" role="status" aria-live="polite">
			<Spinner size="xl" color="purple.solid" aria-label={t('common.loading')} />
		</Center>
	);
}
