import { Box } from '@chakra-ui/react';
import { siteContentState, useSiteContent } from '../../../lib/site-content/site-content-api';
import { useScrollToHash } from '../lib/use-scroll-to-hash';
import { FaqSection } from './faq-section';
import { FeaturesSection } from './features-section';
import { FinalCta } from './final-cta';
import { GuaranteeCard } from './guarantee-card';
import { HeroSection } from './hero-section';
import { PersonaCards } from './persona-cards';
import { PricingSection } from './pricing-section';
import { PromotionBanner } from './promotion-banner';
import { SolutionsSection } from './solutions-section';
import { TestimonialsSection } from './testimonials-section';

/** The testimonials and the offer are what staff published; without any, those sections are left out. */
export function LandingPage() {
	useScrollToHash();
	const siteContent = useSiteContent();
	const { promotion, testimonials = [] } = siteContent.data ?? {};
	return (
		<Box data-testid="landing-page" data-site-content={siteContentState(siteContent)}>
			<HeroSection />
			{promotion && <PromotionBanner key={promotion.id} promotion={promotion} />}
			<PersonaCards />
			<SolutionsSection />
			<FeaturesSection />
			{testimonials.length > 0 && <TestimonialsSection testimonials={testimonials} />}
			<PricingSection />
			<GuaranteeCard />
			<FaqSection />
			<FinalCta />
		</Box>
	);
}
