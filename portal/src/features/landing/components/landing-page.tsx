import { useScrollToHash } from '../lib/use-scroll-to-hash';
import { FaqSection } from './faq-section';
import { FeaturesSection } from './features-section';
import { FinalCta } from './final-cta';
import { HeroSection } from './hero-section';
import { PricingSection } from './pricing-section';

export function LandingPage() {
  useScrollToHash();
  return (
    <>
      <HeroSection />
      <FeaturesSection />
      <PricingSection />
      <FaqSection />
      <FinalCta />
    </>
  );
}
