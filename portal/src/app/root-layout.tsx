import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { FloatingHelpButton } from '../components/layout/floating-help-button';
import { Footer } from '../components/layout/footer';
import { TopNav } from '../components/layout/top-nav';
import { AuthProvider } from '../lib/auth/auth-provider';
import { SystemStatus } from '../features/system-status/components/system-status';

/** Height of the fixed navigation, reserved above every page. */
const NAV_HEIGHT = '16';

/** The shell around every route: session, navigation, footer. */
export function RootLayout() {
	const { t } = useTranslation();
	return (
		<AuthProvider>
			<SkipNavLink>{t('nav.skipToContent')}</SkipNavLink>
			<Flex direction="column" minH="100vh">
				<TopNav />
				<Box as="main" flex="1" pt={NAV_HEIGHT} _print={{ pt: '0' }}>
					<SkipNavContent />
					<Outlet />
				</Box>
				<Footer statusIndicator={<SystemStatus />} />
			</Flex>
			<FloatingHelpButton />
			<ScrollRestoration />
		</AuthProvider>
	);
}
