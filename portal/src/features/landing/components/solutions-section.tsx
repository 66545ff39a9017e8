import { Box, Card, Container, Heading, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { useTranslation } from 'react-i18next';
import { LuBoxes, LuCircleCheck, LuCode, LuPencilLine, LuRocket, LuServerOff, LuTag } from 'react-icons/lu';
import { SectionHeading } from '../../../components/ui/section-heading';

/** What the product takes off a team's hands; each matches something the platform does. */
const SOLUTIONS = [
	{ id: 'servers', icon: LuServerOff },
	{ id: 'editors', icon: LuPencilLine },
	{ id: 'developers', icon: LuCode },
] as const satisfies ReadonlyArray<{ id: string; icon: IconType }>;

/** Why that matters, in the platform's own facts: no figures it does not measure. */
const BENEFITS = [
	{ id: 'fast', icon: LuRocket },
	{ id: 'isolated', icon: LuBoxes },
	{ id: 'prices', icon: LuTag },
	{ id: 'cancel', icon: LuCircleCheck },
] as const satisfies ReadonlyArray<{ id: string; icon: IconType }>;

export function SolutionsSection() {
	const { t } = useTranslation();
	return (
		<Box as="section" aria-labelledby="solutions-heading" bg="bg.subtle" py={{ base: '14', md: '20' }}>
			<Container maxW="6xl">
				<SectionHeading id="solutions-heading" title={t('landing.solutions.title')} subtitle={t('landing.solutions.subtitle')} />
				<SimpleGrid columns={{ base: 1, md: 3 }} gap="5" data-testid="solution-cards">
					{SOLUTIONS.map((solution) => (
						<Card.Root key={solution.id} as="article">
							<Card.Body gap="3">
								<Icon as={solution.icon} boxSize="7" color="purple.solid" aria-hidden="true" />
								<Heading as="h3" size="md">
									{t(`landing.solutions.items.${solution.id}.title`)}
								</Heading>
								<Text color="fg.muted">{t(`landing.solutions.items.${solution.id}.description`)}</Text>
							</Card.Body>
						</Card.Root>
					))}
				</SimpleGrid>
				<Stack gap="6" mt={{ base: '12', md: '16' }}>
					<Heading as="h3" size="xl" textAlign="center">
						{t('landing.benefits.title')}
					</Heading>
					<SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="5" data-testid="benefit-cards">
						{BENEFITS.map((benefit) => (
							<Card.Root key={benefit.id} as="article" variant="subtle" bg="bg">
								<Card.Body gap="2">
									<Icon as={benefit.icon} boxSize="6" color="purple.solid" aria-hidden="true" />
									<Heading as="h4" size="sm">
										{t(`landing.benefits.items.${benefit.id}.title`)}
									</Heading>
									<Text color="fg.muted" fontSize="sm">
										{t(`landing.benefits.items.${benefit.id}.description`)}
									</Text>
								</Card.Body>
							</Card.Root>
						))}
					</SimpleGrid>
				</Stack>
			</Container>
		</Box>
	);
}
