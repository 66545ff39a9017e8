import { Badge, Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from '../../../components/ui/section-heading';
import { TestimonialCard } from '../../../components/site-content/testimonial-card';
import { siteContentState, useSiteContent } from '../../../lib/site-content/site-content-api';
import type { Audience } from '../lib/audiences';
import { AudienceCta } from './audience-cta';
import { AudienceFeatures } from './audience-features';
import { PersonaTabs } from './persona-tabs';

/**
 * An audience landing page: hero, the persona tabs, the feature grid, a customer's testimonial
 * (only once staff have published one) and the call to action.
 */
export function AudiencePage({ audience }: { audience: Audience }) {
	const { t, i18n } = useTranslation();
	const siteContent = useSiteContent();
	const testimonial = siteContent.data?.testimonials[0];
	const pageLanguage = i18n.resolvedLanguage ?? i18n.language;

	return (
		<Box data-testid={`audience-page-${audience.id}`} data-site-content={siteContentState(siteContent)}>
			<Box bgGradient="to-b" gradientFrom="purple.subtle" gradientTo="bg" pt={{ base: '12', md: '20' }} pb={{ base: '12', md: '16' }}>
				<Container maxW="4xl" textAlign="center">
					<Stack gap="6" align="center">
						<Badge colorPalette="purple" variant="surface" size="lg" rounded="full" px="3">
							{t(`audience.pages.${audience.id}.badge`)}
						</Badge>
						<Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.15">
							{t(`audience.pages.${audience.id}.title`)}
						</Heading>
						<Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="2xl">
							{t(`audience.pages.${audience.id}.subtitle`)}
						</Text>
						<AudienceCta testId="audience-cta-hero" />
					</Stack>
				</Container>
			</Box>

			<Container as="section" aria-labelledby="personas-heading" maxW="5xl" py={{ base: '10', md: '14' }}>
				<SectionHeading id="personas-heading" title={t('audience.common.personasTitle')} />
				<PersonaTabs personas={audience.personas} />
			</Container>

			<Container as="section" aria-labelledby="audience-features-heading" maxW="5xl" py={{ base: '10', md: '14' }}>
				<SectionHeading id="audience-features-heading" title={t('audience.common.featuresTitle')} />
				<AudienceFeatures features={audience.features} />
			</Container>

			{testimonial && (
				<Container as="section" aria-labelledby="audience-testimonial-heading" maxW="3xl" py={{ base: '10', md: '14' }}>
					<SectionHeading id="audience-testimonial-heading" title={t('audience.common.testimonialTitle')} />
					<TestimonialCard testimonial={testimonial} pageLanguage={pageLanguage} />
				</Container>
			)}

			<Container as="section" aria-labelledby="audience-cta-heading" maxW="3xl" pt={{ base: '10', md: '14' }} pb={{ base: '14', md: '20' }} textAlign="center">
				<Stack gap="4" align="center">
					<Heading id="audience-cta-heading" as="h2" size="2xl">
						{t('audience.common.ctaTitle')}
					</Heading>
					<Text color="fg.muted">{t(`audience.pages.${audience.id}.ctaText`)}</Text>
					<AudienceCta testId="audience-cta" />
				</Stack>
			</Container>
		</Box>
	);
}
