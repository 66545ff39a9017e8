import { IconButton } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCircleHelp } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';

/** Round help button pinned to the bottom corner of every page. */
export function FloatingHelpButton() {
  const { t } = useTranslation();
  return (
    <IconButton
      asChild
      position="fixed"
      bottom={{ base: '4', md: '6' }}
      right={{ base: '4', md: '6' }}
      zIndex="docked"
      size="lg"
      rounded="full"
      colorPalette="purple"
      boxShadow="lg"
      _print={{ display: 'none' }}
      aria-label={t('nav.helpCenter')}
      title={t('nav.helpCenter')}
    >
      <RouterLink to={paths.help.getHref()}>
        <LuCircleHelp />
      </RouterLink>
    </IconButton>
  );
}
