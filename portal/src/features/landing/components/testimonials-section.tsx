import { Container, SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TestimonialCard } from '../../../components/site-content/testimonial-card';
import { SectionHeading } from '../../../components/ui/section-heading';
import type { Testimonial } from '../../../lib/site-content/site-content-api';

/** At most three, in staff's order; the landing page leaves the section out while there are none. */
const SHOWN = 3;

export function TestimonialsSection({ testimonials }: { testimonials: Testimonial[] }) {
	const { t, i18n } = useTranslation();
	const pageLanguage = i18n.resolvedLanguage ?? i18n.language;
	const shown = testimonials.slice(0, SHOWN);
	return (
		<Container as="section" aria-labelledby="testimonials-heading" maxW="6xl" py={{ base: '14', md: '20' }} data-testid="testimonials">
			<SectionHeading id="testimonials-heading" title={t('landing.testimonials.title')} />
			<SimpleGrid columns={{ base: 1, md: Math.min(shown.length, SHOWN) }} gap="5">
				{shown.map((testimonial) => (
					<TestimonialCard key={testimonial.id} testimonial={testimonial} pageLanguage={pageLanguage} />
				))}
			</SimpleGrid>
		</Container>
	);
}
