import { Container } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FaqAccordion } from '../../../components/ui/faq-accordion';
import { SectionHeading } from '../../../components/ui/section-heading';

/** Questions a visitor asks before buying; the help centre covers using the product. */
const LANDING_FAQ_IDS = ['whatIsDirectus', 'setupTime', 'periods', 'cancel', 'limits'] as const;

export function FaqSection() {
	const { t } = useTranslation();
	const items = LANDING_FAQ_IDS.map((id) => ({
		id,
		question: t(`landing.faq.items.${id}.question`),
		answer: t(`landing.faq.items.${id}.answer`),
	}));
	return (
		<Container as="section" aria-labelledby="faq-heading" maxW="3xl" py={{ base: '14', md: '20' }}>
			<SectionHeading id="faq-heading" title={t('landing.faq.title')} />
			<FaqAccordion items={items} />
		</Container>
	);
}
