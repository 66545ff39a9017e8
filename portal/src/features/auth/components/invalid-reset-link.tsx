import { Button, Icon, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuLink2Off } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { AuthCard } from './auth-card';

/** Shown for an expired or already-used reset link. */
export function InvalidResetLink() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.reset.invalidTitle')}>
      <Stack align="center" gap="5" textAlign="center" role="alert">
        <Icon as={LuLink2Off} boxSize="12" color="red.solid" aria-hidden="true" />
        <Text color="fg.muted">{t('auth.reset.invalidText')}</Text>
        <Stack w="full" gap="3">
          <Button asChild colorPalette="purple">
            <RouterLink to={paths.forgotPassword.getHref()}>{t('auth.reset.requestNew')}</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={paths.auth.getHref()}>{t('auth.backToLogin')}</RouterLink>
          </Button>
        </Stack>
      </Stack>
    </AuthCard>
  );
}
