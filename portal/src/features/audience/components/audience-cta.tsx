import { Button, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** Every button leads somewhere real (docs/product.md): registration, or the plans. */
export function AudienceCta({ testId }: { testId: string }) {
	const { t } = useTranslation();
	return (
		<Wrap gap="3" justify="center">
			<Button asChild colorPalette="purple" size="lg" data-testid={testId}>
				<RouterLink to={paths.auth.getHref('register')}>{t('audience.common.cta')}</RouterLink>
			</Button>
			<Button asChild variant="outline" size="lg" bg="bg">
				<RouterLink to={paths.pricing.getHref()}>{t('audience.common.pricing')}</RouterLink>
			</Button>
		</Wrap>
	);
}
