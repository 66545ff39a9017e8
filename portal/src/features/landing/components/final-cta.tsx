import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';

export function FinalCta() {
	const { t } = useTranslation();
	return (
		<Box as="section" aria-labelledby="final-cta-heading" bg="purple.solid" color="white" py={{ base: '14', md: '20' }}>
			<Container maxW="3xl" textAlign="center">
				<Stack gap="5" align="center">
					<Heading id="final-cta-heading" as="h2" size={{ base: '2xl', md: '4xl' }}>
						{t('landing.finalCta.title')}
					</Heading>
					<Text fontSize="lg" opacity="0.9">
						{t('landing.finalCta.text')}
					</Text>
					<Button asChild size="lg" bg="white" color="purple.700" _hover={{ bg: 'purple.50' }}>
						<RouterLink to={paths.auth.getHref('register')}>{t('landing.finalCta.button')}</RouterLink>
					</Button>
				</Stack>
			</Container>
		</Box>
	);
}
