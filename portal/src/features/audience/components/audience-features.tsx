import { Card, Heading, Icon, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AUDIENCE_FEATURE_ICONS, type AudienceFeatureId } from '../lib/audiences';

export function AudienceFeatures({ features }: { features: readonly AudienceFeatureId[] }) {
	const { t } = useTranslation();
	return (
		<SimpleGrid columns={{ base: 1, sm: 2 }} gap="5" data-testid="audience-features">
			{features.map((feature) => (
				<Card.Root key={feature} as="article">
					<Card.Body gap="3">
						<Icon as={AUDIENCE_FEATURE_ICONS[feature]} boxSize="7" color="purple.solid" aria-hidden="true" />
						<Heading as="h3" size="md">
							{t(`audience.features.${feature}.title`)}
						</Heading>
						<Text color="fg.muted">{t(`audience.features.${feature}.description`)}</Text>
					</Card.Body>
				</Card.Root>
			))}
		</SimpleGrid>
	);
}
