import { Card, Container, Heading, Icon, Link, SimpleGrid, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { useTranslation } from 'react-i18next';
import { LuArrowRight, LuBuilding2, LuHandshake, LuUsers } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { SectionHeading } from '../../../components/ui/section-heading';
import { paths } from '../../../config/paths';

/** Who the product is for, each card leading to its audience page. */
const PERSONAS = [
	{ id: 'business', icon: LuBuilding2, href: paths.forBusiness.getHref() },
	{ id: 'agencies', icon: LuUsers, href: paths.forAgencies.getHref() },
	{ id: 'partners', icon: LuHandshake, href: paths.forPartners.getHref() },
] as const satisfies ReadonlyArray<{ id: string; icon: IconType; href: string }>;

export function PersonaCards() {
	const { t } = useTranslation();
	return (
		<Container as="section" aria-labelledby="personas-heading" maxW="6xl" py={{ base: '14', md: '20' }}>
			<SectionHeading id="personas-heading" title={t('landing.personas.title')} subtitle={t('landing.personas.subtitle')} />
			<SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
				{PERSONAS.map((persona) => (
					<Card.Root key={persona.id} as="article" data-testid={`persona-card-${persona.id}`}>
						<Card.Body gap="3">
							<Icon as={persona.icon} boxSize="7" color="purple.solid" aria-hidden="true" />
							<Heading as="h3" size="md">
								{t(`landing.personas.items.${persona.id}.title`)}
							</Heading>
							<Text color="fg.muted">{t(`landing.personas.items.${persona.id}.description`)}</Text>
						</Card.Body>
						<Card.Footer>
							<Link asChild colorPalette="purple" fontWeight="semibold">
								<RouterLink to={persona.href}>
									{t(`landing.personas.items.${persona.id}.link`)}
									<LuArrowRight aria-hidden="true" />
								</RouterLink>
							</Link>
						</Card.Footer>
					</Card.Root>
				))}
			</SimpleGrid>
		</Container>
	);
}
