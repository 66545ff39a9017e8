import { Badge, Box, Button, Container, Heading, Stack, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';

export function HeroSection() {
	const { t } = useTranslation();
	return (
		<Box bgGradient="to-b" gradientFrom="purple.subtle" gradientTo="bg" pt={{ base: '12', md: '20' }} pb={{ base: '14', md: '24' }}>
			<Container maxW="4xl" textAlign="center">
				<Stack gap="6" align="center">
					<Badge colorPalette="purple" variant="surface" size="lg" rounded="full" px="3">
						{t('landing.hero.badge')}
					</Badge>
					<Heading as="h1" size={{ base: '4xl', md: '6xl' }} lineHeight="1.1" letterSpacing="tight">
						{t('landing.hero.title')}
					</Heading>
					<Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="2xl">
						{t('landing.hero.subtitle')}
					</Text>
					<Wrap justify="center" gap="3">
						<Button asChild colorPalette="purple" size="lg">
							<RouterLink to={paths.auth.getHref('register')}>{t('landing.hero.primaryCta')}</RouterLink>
						</Button>
						<Button asChild variant="outline" size="lg" bg="bg">
							<RouterLink to={paths.pricing.getHref()}>{t('landing.hero.secondaryCta')}</RouterLink>
						</Button>
					</Wrap>
				</Stack>
			</Container>
		</Box>
	);
}
