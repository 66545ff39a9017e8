import { Button, Container, Heading, Stack, Text, Wrap } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft, LuCircleHelp, LuHouse, LuLayoutDashboard } from 'react-icons/lu';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** Any path the route table does not know. */
export function NotFoundPage() {
	const { t } = useTranslation();
	const { pathname } = useLocation();
	const navigate = useNavigate();

	// Logged so broken inbound links show up in the browser console and error tooling.
	useEffect(() => {
		console.warn(`404: no route for ${pathname}`);
	}, [pathname]);

	return (
		<Container maxW="2xl" py={{ base: '16', md: '24' }} data-testid="not-found">
			<Stack gap="6" align="center" textAlign="center">
				<Heading as="h1" fontSize={{ base: '6xl', md: '8xl' }} lineHeight="1" color="purple.solid">
					404
				</Heading>
				<Heading as="h2" size="xl">
					{t('notFound.title')}
				</Heading>
				<Text color="fg.muted" wordBreak="break-word">
					{t('notFound.description', { path: pathname })}
				</Text>
				<Wrap justify="center" gap="3">
					<Button asChild colorPalette="purple">
						<RouterLink to={paths.home.getHref()}>
							<LuHouse aria-hidden="true" />
							{t('notFound.home')}
						</RouterLink>
					</Button>
					<Button variant="outline" onClick={() => void navigate(-1)}>
						<LuArrowLeft aria-hidden="true" />
						{t('notFound.back')}
					</Button>
					<Button asChild variant="outline">
						<RouterLink to={paths.help.getHref()}>
							<LuCircleHelp aria-hidden="true" />
							{t('notFound.help')}
						</RouterLink>
					</Button>
					<Button asChild variant="outline">
						<RouterLink to={paths.dashboard.getHref()}>
							<LuLayoutDashboard aria-hidden="true" />
							{t('notFound.dashboard')}
						</RouterLink>
					</Button>
				</Wrap>
			</Stack>
		</Container>
	);
}
