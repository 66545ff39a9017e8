import { Button, HStack, IconButton, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuMenu } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';

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
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <IconButton variant="ghost" size="sm" aria-label={t('nav.openMenu')} display={{ base: 'inline-flex', md: 'none' }}>
            <LuMenu />
          </IconButton>
        </Menu.Trigger>
        <Portal>
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
        </Portal>
      </Menu.Root>
    </>
  );
}
