import { Button, HStack, IconButton } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuMenu } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { DeferredMenu } from '../ui/deferred-menu';

const loadVisitorMenu = async () => (await import('./visitor-menu')).VisitorMenu;

/**
 * Signed-out navigation: inline links on wide screens, collapsed into one
 * menu button on phones.
 */
export function VisitorActions() {
	const { t } = useTranslation();
	return (
		<>
			<HStack gap="2" display={{ base: 'none', md: 'flex' }}>
				<Button asChild variant="ghost" size="sm">
					<RouterLink to={paths.about.getHref()}>{t('nav.about')}</RouterLink>
				</Button>
				<Button asChild variant="outline" size="sm">
					<RouterLink to={paths.auth.getHref()}>{t('nav.signIn')}</RouterLink>
				</Button>
				<Button asChild colorPalette="purple" size="sm">
					<RouterLink to={paths.auth.getHref('register')}>{t('nav.getStarted')}</RouterLink>
				</Button>
			</HStack>
			<DeferredMenu
				load={loadVisitorMenu}
				trigger={
					<IconButton variant="ghost" size="sm" aria-label={t('nav.openMenu')} display={{ base: 'inline-flex', md: 'none' }}>
						<LuMenu />
					</IconButton>
				}
			/>
		</>
	);
}
