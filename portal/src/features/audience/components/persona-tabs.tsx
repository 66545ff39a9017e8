import { Card, Heading, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PersonaId } from '../lib/audiences';

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
              <Card.Root variant="outline" borderColor="border.error">
                <Card.Body gap="2">
                  <Heading as="h3" size="md" color="fg.error">
                    {t('audience.common.pain')}
                  </Heading>
                  <Text data-testid="persona-pain">{t(`audience.personas.${persona}.pain`)}</Text>
                </Card.Body>
              </Card.Root>
              <Card.Root variant="outline" borderColor="border.success">
                <Card.Body gap="2">
                  <Heading as="h3" size="md" color="fg.success">
                    {t('audience.common.gain')}
                  </Heading>
                  <Text data-testid="persona-gain">{t(`audience.personas.${persona}.gain`)}</Text>
                </Card.Body>
              </Card.Root>
            </SimpleGrid>
          </Stack>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
