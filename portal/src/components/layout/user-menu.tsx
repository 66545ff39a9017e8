import { Box, Button, HStack, Menu, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCreditCard, LuInfo, LuLayoutDashboard, LuLogOut, LuPlus, LuReceipt, LuUser } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { IconType } from 'react-icons';
import type { SessionUser } from '../../lib/auth/session-user';
import { UserAvatar } from './user-avatar';

type UserMenuProps = { user: SessionUser; onLogout: () => void };

type MenuLinkProps = { value: string; to: string; icon: IconType; label: string; testId: string };

/** A menu entry that is a link to one of the portal's pages. */
function MenuLink({ value, to, icon: LinkIcon, label, testId }: MenuLinkProps) {
	return (
		<Menu.Item value={value} asChild>
			<RouterLink to={to} data-testid={testId}>
				<LinkIcon aria-hidden="true" />
				{label}
			</RouterLink>
		</Menu.Item>
	);
}

/**
 * Avatar button opening the signed-in user's menu (docs/product.md, Navigation and layout): who is signed in,
 * their pages, the quick actions (create a project, payment history), About and Log out.
 */
export function UserMenu({ user, onLogout }: UserMenuProps) {
	const { t } = useTranslation();
	return (
		<Menu.Root positioning={{ placement: 'bottom-end' }}>
			<Menu.Trigger asChild>
				<Button variant="ghost" size="sm" px="1" rounded="full" aria-label={t('nav.accountMenu')} data-testid="account-menu">
					<UserAvatar user={user} testId="nav-avatar" />
				</Button>
			</Menu.Trigger>
			{/* In place rather than in a portal: the open menu stays inside the navigation landmark, right after its button. */}
			<Menu.Positioner>
				<Menu.Content minW="60">
					<HStack gap="3" px="2" py="2">
						<UserAvatar user={user} size="md" />
						<Box minW="0">
							<Text fontWeight="semibold" truncate>
								{user.name}
							</Text>
							<Text fontSize="sm" color="fg.muted" truncate>
								{user.email}
							</Text>
						</Box>
					</HStack>
					<Menu.Separator />
					<MenuLink value="profile" to={paths.profile.getHref()} icon={LuUser} label={t('nav.profile')} testId="menu-profile" />
					<MenuLink value="dashboard" to={paths.dashboard.getHref()} icon={LuLayoutDashboard} label={t('nav.dashboard')} testId="menu-dashboard" />
					<MenuLink value="subscription" to={paths.subscription.getHref()} icon={LuCreditCard} label={t('nav.subscription')} testId="menu-subscription" />
					<Menu.Separator />
					<Menu.ItemGroup data-testid="menu-quick-actions">
						<Menu.ItemGroupLabel>{t('nav.quickActions')}</Menu.ItemGroupLabel>
						<MenuLink value="create-project" to={paths.newProject.getHref()} icon={LuPlus} label={t('nav.createProject')} testId="menu-create-project" />
						<MenuLink value="payments" to={paths.payments.getHref()} icon={LuReceipt} label={t('nav.payments')} testId="menu-payments" />
					</Menu.ItemGroup>
					<Menu.Separator />
					<MenuLink value="about" to={paths.about.getHref()} icon={LuInfo} label={t('nav.about')} testId="menu-about" />
					<Menu.Separator />
					<Menu.Item value="logout" onSelect={onLogout} color="red.fg" data-testid="menu-logout">
						<LuLogOut aria-hidden="true" />
						{t('nav.logout')}
					</Menu.Item>
				</Menu.Content>
			</Menu.Positioner>
		</Menu.Root>
	);
}
