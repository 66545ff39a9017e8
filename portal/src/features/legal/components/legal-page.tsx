import { Alert, Box, Button, Container, Heading, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { getErrorStatus } from '../../../lib/api-error';
import { useLegalPage, type LegalPageSlug } from '../api/legal-page';
import { MarkdownContent } from './markdown-content';

/** /privacy and /terms: the text staff publish in Studio (`site_pages`), seeded by migration I. */
export function LegalPage({ slug }: { slug: LegalPageSlug }) {
	const { t, i18n } = useTranslation();
	const { data: page, error, isLoading, mutate } = useLegalPage(slug);
	const pageLanguage = i18n.resolvedLanguage ?? i18n.language;

	return (
		<Container as="article" maxW="3xl" py={{ base: '10', md: '16' }} data-testid={`legal-page-${slug}`} aria-busy={isLoading}>
			{page ? (
				<Stack gap="6" lang={page.language === pageLanguage ? undefined : page.language}>
					<Stack gap="2">
						<Heading as="h1" size={{ base: '3xl', md: '4xl' }} data-testid="legal-title">
							{page.title}
						</Heading>
						{page.updated_at && (
							<Text color="fg.muted" fontSize="sm" data-testid="legal-updated">
								{t('legal.updated', {
									date: new Intl.DateTimeFormat(pageLanguage, { dateStyle: 'long' }).format(new Date(page.updated_at)),
								})}
							</Text>
						)}
					</Stack>
					{page.language !== pageLanguage && (
						<Alert.Root status="info" lang={pageLanguage} data-testid="legal-in-english">
							<Alert.Indicator />
							<Alert.Title>{t('legal.shownInEnglish')}</Alert.Title>
						</Alert.Root>
					)}
					<Box data-testid="legal-body">
						<MarkdownContent source={page.body} />
					</Box>
				</Stack>
			) : error ? (
				<Stack gap="4" align="start" data-testid="legal-error">
					<Heading as="h1" size="2xl">
						{t(slug === 'privacy' ? 'legal.links.privacy' : 'legal.links.terms')}
					</Heading>
					<Text color="fg.muted">{getErrorStatus(error) === 404 ? t('legal.notPublished') : t('legal.loadError')}</Text>
					{getErrorStatus(error) !== 404 && (
						<Button variant="outline" onClick={() => void mutate()}>
							{t('common.retry')}
						</Button>
					)}
				</Stack>
			) : (
				<Stack gap="4">
					<VisuallyHidden>{t('common.loading')}</VisuallyHidden>
					<Skeleton height="10" width="60%" />
					<Skeleton height="4" width="30%" />
					<Skeleton height="40" />
				</Stack>
			)}
		</Container>
	);
}

export const PrivacyPage = () => <LegalPage slug="privacy" />;
export const TermsPage = () => <LegalPage slug="terms" />;
