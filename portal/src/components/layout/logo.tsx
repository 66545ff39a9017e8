import { Box, Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';

/** Brand mark linking home; the same square as the favicon. */
export function Logo() {
	const { t } = useTranslation();
	return (
		<Link asChild gap="2" rounded="md" textDecoration="none" _hover={{ textDecoration: 'none' }}>
			<RouterLink to={paths.home.getHref()}>
				<Box
					as="span"
					display="inline-flex"
					alignItems="center"
					justifyContent="center"
					boxSize="8"
					rounded="lg"
					bg="purple.solid"
					color="white"
					fontWeight="bold"
					aria-hidden="true"
				>
					E
				</Box>
				<Text as="span" fontWeight="bold" fontSize="lg" color="fg">
					{t('app.name')}
				</Text>
			</RouterLink>
		</Link>
	);
}
