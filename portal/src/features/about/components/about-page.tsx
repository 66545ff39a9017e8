import { Box, Button, Card, Container, Heading, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { SectionHeading } from '../../../components/ui/section-heading';
import { paths } from '../../../config/paths';
import { siteContentState, useSiteContent } from '../../../lib/site-content/site-content-api';
import { AboutTeam } from './about-team';
import { AboutTimeline } from './about-timeline';
import { AboutValues } from './about-values';

/** The timeline and the team are what staff published (docs/product.md, Site content); without any, they are left out. */
export function AboutPage() {
	const { t, i18n } = useTranslation();
	const siteContent = useSiteContent();
	const { timeline = [], team = [] } = siteContent.data ?? {};
	const pageLanguage = i18n.resolvedLanguage ?? i18n.language;
	return (
		<Box data-testid="about-page" data-site-content={siteContentState(siteContent)}>
			<Box bgGradient="to-b" gradientFrom="purple.subtle" gradientTo="bg" py={{ base: '14', md: '20' }}>
				<Container maxW="3xl" textAlign="center">
					<Stack gap="4">
						<Heading as="h1" size={{ base: '3xl', md: '5xl' }}>
							{t('about.title')}
						</Heading>
						<Text fontSize="lg" color="fg.muted">
							{t('about.subtitle')}
						</Text>
					</Stack>
				</Container>
			</Box>

			<Container maxW="6xl" py={{ base: '10', md: '16' }}>
				<SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
					{(['mission', 'vision'] as const).map((part) => (
						<Card.Root key={part} variant="subtle">
							<Card.Body gap="3">
								<Heading as="h2" size="xl">
									{t(`about.${part}.title`)}
								</Heading>
								<Text color="fg.muted">{t(`about.${part}.text`)}</Text>
							</Card.Body>
						</Card.Root>
					))}
				</SimpleGrid>
			</Container>

			<Container maxW="6xl" pb={{ base: '10', md: '16' }}>
				<SectionHeading title={t('about.values.title')} subtitle={t('about.values.subtitle')} />
				<AboutValues />
			</Container>

			{timeline.length > 0 && (
				<Container as="section" aria-labelledby="timeline-heading" maxW="6xl" pb={{ base: '10', md: '16' }}>
					<SectionHeading id="timeline-heading" title={t('about.timeline.title')} subtitle={t('about.timeline.subtitle')} />
					<AboutTimeline entries={timeline} pageLanguage={pageLanguage} />
				</Container>
			)}

			{team.length > 0 && (
				<Container as="section" aria-labelledby="team-heading" maxW="6xl" pb={{ base: '10', md: '16' }}>
					<SectionHeading id="team-heading" title={t('about.team.title')} subtitle={t('about.team.subtitle')} />
					<AboutTeam members={team} pageLanguage={pageLanguage} />
				</Container>
			)}

			<Container maxW="3xl" pb={{ base: '14', md: '20' }} textAlign="center">
				<Stack gap="4" align="center">
					<Heading as="h2" size="2xl">
						{t('about.cta.title')}
					</Heading>
					<Text color="fg.muted">{t('about.cta.text')}</Text>
					<Wrap justify="center" gap="3">
						<Button asChild colorPalette="purple" size="lg">
							<RouterLink to={paths.auth.getHref('register')}>{t('about.cta.register')}</RouterLink>
						</Button>
						<Button asChild variant="outline" size="lg">
							<RouterLink to={paths.help.getHref()}>{t('about.cta.help')}</RouterLink>
						</Button>
					</Wrap>
					{/* The Adventurer artwork behind generated avatars is CC BY 4.0, which asks for credit. */}
					<Text fontSize="sm" color="fg.muted" pt="6" data-testid="about-credits">
						{t('about.credits')}
					</Text>
				</Stack>
			</Container>
		</Box>
	);
}
