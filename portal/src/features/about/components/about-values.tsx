import { Card, Heading, Icon, SimpleGrid, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { useTranslation } from 'react-i18next';
import { LuAccessibility, LuGauge, LuHeart, LuLightbulb, LuShieldCheck, LuUsers } from 'react-icons/lu';

/** The six values listed in docs/product.md (Pages and routes, /about), in that order. */
const VALUES = [
	{ id: 'innovation', icon: LuLightbulb },
	{ id: 'community', icon: LuUsers },
	{ id: 'security', icon: LuShieldCheck },
	{ id: 'performance', icon: LuGauge },
	{ id: 'passion', icon: LuHeart },
	{ id: 'accessibility', icon: LuAccessibility },
] as const satisfies ReadonlyArray<{ id: string; icon: IconType }>;

export function AboutValues() {
	const { t } = useTranslation();
	return (
		<SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
			{VALUES.map((value) => (
				<Card.Root key={value.id} as="article">
					<Card.Body gap="3">
						<Icon as={value.icon} boxSize="7" color="purple.solid" aria-hidden="true" />
						<Heading as="h3" size="md">
							{t(`about.values.${value.id}.title`)}
						</Heading>
						<Text color="fg.muted">{t(`about.values.${value.id}.description`)}</Text>
					</Card.Body>
				</Card.Root>
			))}
		</SimpleGrid>
	);
}
