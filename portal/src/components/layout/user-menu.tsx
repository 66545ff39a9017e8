import { Box, Button, HStack, Menu, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCreditCard, LuInfo, LuLayoutDashboard, LuLogOut, LuPlus, LuReceipt, LuUser } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { SessionUser } from '../../lib/auth/session-user';
import { UserAvatar } from './user-avatar';

type UserMenuProps = { user: SessionUser; onLogout: () => void };

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
          <Menu.Item value="profile" asChild>
            <RouterLink to={paths.profile.getHref()} data-testid="menu-profile">
              <LuUser aria-hidden="true" />
              {t('nav.profile')}
            </RouterLink>
          </Menu.Item>
          <Menu.Item value="dashboard" asChild>
            <RouterLink to={paths.dashboard.getHref()} data-testid="menu-dashboard">
              <LuLayoutDashboard aria-hidden="true" />
              {t('nav.dashboard')}
            </RouterLink>
          </Menu.Item>
          <Menu.Item value="subscription" asChild>
            <RouterLink to={paths.subscription.getHref()} data-testid="menu-subscription">
              <LuCreditCard aria-hidden="true" />
              {t('nav.subscription')}
            </RouterLink>
          </Menu.Item>
          <Menu.Separator />
          <Menu.ItemGroup data-testid="menu-quick-actions">
            <Menu.ItemGroupLabel>{t('nav.quickActions')}</Menu.ItemGroupLabel>
            <Menu.Item value="create-project" asChild>
              <RouterLink to={paths.newProject.getHref()} data-testid="menu-create-project">
                <LuPlus aria-hidden="true" />
                {t('nav.createProject')}
              </RouterLink>
            </Menu.Item>
            <Menu.Item value="payments" asChild>
              <RouterLink to={paths.payments.getHref()} data-testid="menu-payments">
                <LuReceipt aria-hidden="true" />
                {t('nav.payments')}
              </RouterLink>
            </Menu.Item>
          </Menu.ItemGroup>
          <Menu.Separator />
          <Menu.Item value="about" asChild>
            <RouterLink to={paths.about.getHref()} data-testid="menu-about">
              <LuInfo aria-hidden="true" />
              {t('nav.about')}
            </RouterLink>
          </Menu.Item>
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
