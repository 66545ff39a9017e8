import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FaqAccordion, type FaqItem } from '../../../components/ui/faq-accordion';
import { HELP_FAQ_IDS } from '../data/help-faq-ids';
import { filterFaq } from '../lib/filter-faq';
import { HelpContact } from './help-contact';
import { HelpSearch } from './help-search';

export function HelpPage() {
	const { t, i18n } = useTranslation();
	const [query, setQuery] = useState('');

	const entries = useMemo<FaqItem[]>(
		() =>
			HELP_FAQ_IDS.map((id) => ({
				id,
				question: t(`help.faq.${id}.question`),
				answer: t(`help.faq.${id}.answer`),
			})),
		[t],
	);
	const visible = filterFaq(entries, query, i18n.resolvedLanguage);

	return (
		<Container maxW="3xl" py={{ base: '10', md: '16' }}>
			<Stack gap="8">
				<Stack gap="3" textAlign="center">
					<Heading as="h1" size={{ base: '2xl', md: '4xl' }}>
						{t('help.title')}
					</Heading>
					<Text color="fg.muted" fontSize="lg">
						{t('help.subtitle')}
					</Text>
				</Stack>
				<HelpSearch value={query} onChange={setQuery} />
				<section aria-labelledby="help-faq-heading">
					<Heading id="help-faq-heading" as="h2" size="lg" mb="4">
						{t('help.faqTitle')}
					</Heading>
					{visible.length > 0 ? (
						// Keyed by query so a new search starts with every answer closed.
						<FaqAccordion key={query} items={visible} itemTestId="help-faq-item" />
					) : (
						<Stack data-testid="help-no-results" role="status" align="center" gap="3" py="8" textAlign="center">
							<Text fontWeight="semibold">{t('help.noResults.title', { query: query.trim() })}</Text>
							<Text color="fg.muted">{t('help.noResults.description')}</Text>
							<Button variant="outline" size="sm" onClick={() => setQuery('')}>
								{t('help.noResults.clear')}
							</Button>
						</Stack>
					)}
				</section>
				<HelpContact />
			</Stack>
		</Container>
	);
}
