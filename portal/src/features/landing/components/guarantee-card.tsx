import { Card, Container, Flex, Heading, Icon, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuShieldCheck } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** The 30-day money-back guarantee, as the terms of service state it (migration I's terms). */
export function GuaranteeCard() {
	const { t } = useTranslation();
	return (
		<Container as="section" aria-labelledby="guarantee-heading" maxW="4xl" pb={{ base: '14', md: '20' }}>
			<Card.Root variant="outline" borderColor="green.muted" bg="green.subtle" data-testid="guarantee-card">
				<Card.Body>
					<Flex gap="5" direction={{ base: 'column', sm: 'row' }} align={{ base: 'start', sm: 'center' }}>
						<Icon as={LuShieldCheck} boxSize="12" color="green.solid" aria-hidden="true" flexShrink="0" />
						<Stack gap="2">
							<Heading id="guarantee-heading" as="h2" size="lg">
								{t('landing.guarantee.title')}
							</Heading>
							<Text>{t('landing.guarantee.text')}</Text>
							<Link asChild colorPalette="green" variant="underline" fontSize="sm" alignSelf="start">
								<RouterLink to={paths.terms.getHref()}>{t('landing.guarantee.terms')}</RouterLink>
							</Link>
						</Stack>
					</Flex>
				</Card.Body>
			</Card.Root>
		</Container>
	);
}
