import { Box, Container, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth/use-auth';
import { mailto, usePortalConfig } from '../../lib/portal-config';
import { Logo } from './logo';

type FooterProps = {
	/** The live status indicator; passed in because it is a feature and shared components must not import features. */
	statusIndicator: ReactNode;
};

export function Footer({ statusIndicator }: FooterProps) {
	const { t } = useTranslation();
	const { user } = useAuth();
	const { data: portalConfig } = usePortalConfig();

	return (
		<Box as="footer" data-testid="footer" _print={{ display: 'none' }} borderTopWidth="1px" bg="bg.subtle" mt="auto">
			{/* Room at the bottom for the floating help button, so it never covers the footer's last line. */}
			<Container maxW="6xl" pt="10" pb={{ base: '20', md: '24' }}>
				<Flex direction={{ base: 'column', md: 'row' }} gap="8" justify="space-between">
					<Stack gap="3" maxW="sm">
						<Logo />
						<Text color="fg.muted" fontSize="sm">
							{t('footer.tagline')}
						</Text>
						{statusIndicator}
					</Stack>
					<Stack as="nav" aria-label={t('footer.label')} gap="2" fontSize="sm">
						{/* The landing page sends signed-in users to the dashboard, so its sections are visitor links only. */}
						{!user && (
							<>
								<Link asChild color="fg.muted">
									<RouterLink to={paths.features.getHref()}>{t('footer.features')}</RouterLink>
								</Link>
								<Link asChild color="fg.muted">
									<RouterLink to={paths.pricing.getHref()}>{t('footer.pricing')}</RouterLink>
								</Link>
							</>
						)}
						<Link asChild color="fg.muted">
							<RouterLink to={paths.help.getHref()}>{t('footer.help')}</RouterLink>
						</Link>
						<Link asChild color="fg.muted">
							<RouterLink to={paths.about.getHref()}>{t('footer.about')}</RouterLink>
						</Link>
						<Link asChild color="fg.muted" data-testid="footer-privacy">
							<RouterLink to={paths.privacy.getHref()}>{t('legal.links.privacy')}</RouterLink>
						</Link>
						<Link asChild color="fg.muted" data-testid="footer-terms">
							<RouterLink to={paths.terms.getHref()}>{t('legal.links.terms')}</RouterLink>
						</Link>
						{/* The address comes from the server; nothing is shown until it is known. */}
						{portalConfig && (
							<Link href={mailto(portalConfig.supportEmail)} color="fg.muted" data-testid="support-email">
								{t('footer.contact', { email: portalConfig.supportEmail })}
							</Link>
						)}
					</Stack>
				</Flex>
				<HStack mt="8" pt="6" borderTopWidth="1px" fontSize="sm" color="fg.muted">
					<Text>{t('footer.copyright', { year: new Date().getFullYear(), name: t('app.name') })}</Text>
				</HStack>
			</Container>
		</Box>
	);
}
