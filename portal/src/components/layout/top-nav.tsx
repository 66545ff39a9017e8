import { Box, Container, Flex, HStack } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth/use-auth';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { useScrolled } from './use-scrolled';
import { VisitorActions } from './visitor-actions';

// Visitors (the landing page) never download the bell, the popover and the account menu.
const SignedInActions = lazy(async () => ({ default: (await import('./signed-in-actions')).SignedInActions }));

/** Past this many pixels of scroll the bar gains a backdrop and shadow (docs/product.md, Navigation and layout). */
const SCROLL_THRESHOLD_PX = 50;

/** Fixed top bar; its height is reserved by the app shell. */
export function TopNav() {
	const { t } = useTranslation();
	const { user, isLoading, logout } = useAuth();
	const scrolled = useScrolled(SCROLL_THRESHOLD_PX);

	return (
		<Box
			as="header"
			// Printed pages (an invoice) leave the app's chrome out.
			_print={{ display: 'none' }}
			position="fixed"
			top="0"
			insetX="0"
			zIndex="sticky"
			transition="background-color 0.2s, box-shadow 0.2s"
			bg={scrolled ? 'bg/90' : 'transparent'}
			backdropFilter={scrolled ? 'blur(8px)' : undefined}
			boxShadow={scrolled ? 'sm' : 'none'}
			borderBottomWidth="1px"
			borderColor={scrolled ? 'border' : 'transparent'}
			data-scrolled={scrolled || undefined}
		>
			<Container maxW="6xl">
				<Flex as="nav" aria-label={t('nav.label')} data-testid="nav" h="16" align="center" justify="space-between" gap="4">
					<Logo />
					<HStack gap="2">
						<LanguageSwitcher />
						{/* Nothing session-specific until the stored session is checked, to avoid a flash of Sign in. */}
						{!isLoading &&
							(user ? (
								// The placeholder holds the actions' width, so the language switcher does not jump.
								<Suspense fallback={<Box w="20" h="8" />}>
									<SignedInActions user={user} onLogout={() => void logout()} />
								</Suspense>
							) : (
								<VisitorActions />
							))}
					</HStack>
				</Flex>
			</Container>
		</Box>
	);
}
