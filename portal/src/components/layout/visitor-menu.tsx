import { Menu } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { LoadedMenuProps } from '../ui/deferred-menu';

/** The signed-out links, in one menu for narrow screens. */
export function VisitorMenu({ trigger }: LoadedMenuProps) {
	const { t } = useTranslation();
	return (
		<Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen>
			<Menu.Trigger asChild>{trigger}</Menu.Trigger>
			{/* In place rather than in a portal: the open menu stays inside the navigation landmark, right after its button. */}
			<Menu.Positioner>
				<Menu.Content minW="48">
					<Menu.Item value="about" asChild>
						<RouterLink to={paths.about.getHref()}>{t('nav.about')}</RouterLink>
					</Menu.Item>
					<Menu.Item value="sign-in" asChild>
						<RouterLink to={paths.auth.getHref()}>{t('nav.signIn')}</RouterLink>
					</Menu.Item>
					<Menu.Item value="get-started" asChild>
						<RouterLink to={paths.auth.getHref('register')}>{t('nav.getStarted')}</RouterLink>
					</Menu.Item>
				</Menu.Content>
			</Menu.Positioner>
		</Menu.Root>
	);
}
