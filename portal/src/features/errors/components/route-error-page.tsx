import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { paths } from '../../../config/paths';

/**
 * Router-level fallback when rendering a route throws. It replaces the whole
 * shell, so it must not depend on anything the shell provides (session, toasts).
 */
export function RouteErrorPage() {
	const { t } = useTranslation();
	const error = useRouteError();

	useEffect(() => {
		console.error('Unexpected application error', error);
	}, [error]);

	return (
		<Center minH="100vh" px="6">
			<Stack gap="4" align="center" textAlign="center" maxW="lg">
				<Heading as="h1" size="2xl">
					{t('routeError.title')}
				</Heading>
				<Text color="fg.muted">{t('routeError.description')}</Text>
				<Stack direction={{ base: 'column', sm: 'row' }} gap="3">
					<Button colorPalette="purple" onClick={() => window.location.reload()}>
						{t('routeError.reload')}
					</Button>
					{/* A full page load, not a router link: the router state may be what broke. */}
					<Button asChild variant="outline">
						<a href={paths.home.getHref()}>{t('routeError.home')}</a>
					</Button>
				</Stack>
			</Stack>
		</Center>
	);
}
