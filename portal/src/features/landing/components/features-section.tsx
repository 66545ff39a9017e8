import { Card, Container, Heading, Icon, SimpleGrid, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { useTranslation } from 'react-i18next';
import { LuCode, LuCreditCard, LuGlobe, LuLayoutTemplate, LuLink, LuLock } from 'react-icons/lu';
import { SectionHeading } from '../../../components/ui/section-heading';

/** What every project gets; each claim matches something the platform does. */
const FEATURES = [
	{ id: 'instance', icon: LuLayoutTemplate },
	{ id: 'subdomain', icon: LuGlobe },
	{ id: 'customDomain', icon: LuLink },
	{ id: 'api', icon: LuCode },
	{ id: 'https', icon: LuLock },
	{ id: 'billing', icon: LuCreditCard },
] as const satisfies ReadonlyArray<{ id: string; icon: IconType }>;

export function FeaturesSection() {
	const { t } = useTranslation();
	return (
		<Container as="section" id="features" aria-labelledby="features-heading" maxW="6xl" py={{ base: '14', md: '20' }}>
			<SectionHeading id="features-heading" title={t('landing.features.title')} subtitle={t('landing.features.subtitle')} />
			<SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
				{FEATURES.map((feature) => (
					<Card.Root key={feature.id} as="article">
						<Card.Body gap="3">
							<Icon as={feature.icon} boxSize="7" color="purple.solid" aria-hidden="true" />
							<Heading as="h3" size="md">
								{t(`landing.features.items.${feature.id}.title`)}
							</Heading>
							<Text color="fg.muted">{t(`landing.features.items.${feature.id}.description`)}</Text>
						</Card.Body>
					</Card.Root>
				))}
			</SimpleGrid>
		</Container>
	);
}
