import { Card, Heading, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PersonaId } from '../lib/audiences';

type StatementCardProps = { tone: 'error' | 'success'; title: string; text: string; testId: string };

/** The persona's problem (error tone) or what the product changes for them (success tone). */
function StatementCard({ tone, title, text, testId }: StatementCardProps) {
	return (
		<Card.Root variant="outline" borderColor={`border.${tone}`}>
			<Card.Body gap="2">
				<Heading as="h3" size="md" color={`fg.${tone}`}>
					{title}
				</Heading>
				<Text data-testid={testId}>{text}</Text>
			</Card.Body>
		</Card.Root>
	);
}

/**
 * One tab per persona, each with the problem it has and what the product changes. Chakra's tabs
 * follow the WAI-ARIA tabs pattern: arrow keys move between tabs, Home and End jump to the ends.
 */
export function PersonaTabs({ personas }: { personas: readonly PersonaId[] }) {
	const { t } = useTranslation();
	return (
		<Tabs.Root defaultValue={personas[0]} variant="enclosed" colorPalette="purple" data-testid="persona-tabs">
			<Tabs.List aria-label={t('audience.common.personasLabel')} flexWrap="wrap">
				{personas.map((persona) => (
					<Tabs.Trigger key={persona} value={persona} data-testid={`persona-tab-${persona}`}>
						{t(`audience.personas.${persona}.label`)}
					</Tabs.Trigger>
				))}
			</Tabs.List>
			{personas.map((persona) => (
				<Tabs.Content key={persona} value={persona} pt="6" data-testid={`persona-panel-${persona}`}>
					<Stack gap="5">
						<Text color="fg.muted" fontSize="lg">
							{t(`audience.personas.${persona}.role`)}
						</Text>
						<SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
							<StatementCard tone="error" title={t('audience.common.pain')} text={t(`audience.personas.${persona}.pain`)} testId="persona-pain" />
							<StatementCard tone="success" title={t('audience.common.gain')} text={t(`audience.personas.${persona}.gain`)} testId="persona-gain" />
						</SimpleGrid>
					</Stack>
				</Tabs.Content>
			))}
		</Tabs.Root>
	);
}
