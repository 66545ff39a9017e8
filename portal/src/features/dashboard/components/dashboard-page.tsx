import { Badge, Button, Card, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCircleHelp } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/use-auth';

/**
 * The signed-in home: who is signed in, then what the app composes in (the projects and the plan
 * card, app/pages/dashboard-route.tsx), then a way to help. No figures are shown until there are
 * real ones to show.
 */
export function DashboardPage({ children }: { children?: ReactNode }) {
	const { t } = useTranslation();
	const { user } = useAuth();
	if (!user) return null; // ProtectedRoute guarantees a user; this satisfies the type.

	return (
		<Container maxW="6xl" py={{ base: '10', md: '16' }}>
			<Stack gap="8">
				<Stack gap="2" alignItems="flex-start">
					<Badge colorPalette="purple" variant="subtle" rounded="full" px="3" data-testid="welcome-badge">
						{t('dashboard.badge')}
					</Badge>
					<Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
						{t('dashboard.welcome', { name: user.firstName || user.name })}
					</Heading>
					<Text color="fg.muted">{t('dashboard.signedInAs', { email: user.email })}</Text>
				</Stack>
				{children}
				<Card.Root variant="subtle">
					<Card.Body gap="3" alignItems="flex-start">
						<Heading as="h2" size="md">
							{t('dashboard.help.title')}
						</Heading>
						<Text color="fg.muted">{t('dashboard.help.text')}</Text>
						<Button asChild variant="outline" size="sm">
							<RouterLink to={paths.help.getHref()}>
								<LuCircleHelp aria-hidden="true" />
								{t('dashboard.help.link')}
							</RouterLink>
						</Button>
					</Card.Body>
				</Card.Root>
			</Stack>
		</Container>
	);
}
