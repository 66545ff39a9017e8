import { Button, Icon, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCircleCheck, LuCircleX } from 'react-icons/lu';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { toaster } from '../../../lib/toaster';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { AuthCard } from './auth-card';
import { AuthFailureCard } from './auth-failure-card';

/** /confirm-email?token=…: the link sent to the new address of an email change lands here. */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const { user, reloadUser } = useAuth();

  const { data, error } = useConfirmEmailChange(token, {
    onSuccess: () => {
      toaster.success({ title: t('auth.confirmEmail.successToast') });
      // A signed-in customer sees the new address at once (nothing happens for a visitor).
      reloadUser().catch((failure: unknown) => console.error('Could not reload the signed-in user', failure));
    },
    onError: () => toaster.error({ title: t('auth.confirmEmail.failureToast') }),
  });

  if (token && !data && !error) {
    return (
      <AuthCard title={t('auth.confirmEmail.confirmingTitle')}>
        <Stack align="center" gap="4" role="status">
          <Spinner size="xl" color="purple.solid" />
          <Text color="fg.muted">{t('auth.verify.verifyingText')}</Text>
        </Stack>
      </AuthCard>
    );
  }

  if (data) {
    return (
      <AuthCard title={t('auth.confirmEmail.successTitle')}>
        <Stack align="center" gap="5" textAlign="center" role="status" data-testid="confirm-email-success">
          <Icon as={LuCircleCheck} boxSize="12" color="green.solid" aria-hidden="true" />
          <Text color="fg.muted">{t('auth.confirmEmail.successText')}</Text>
          {user ? (
            <Button asChild colorPalette="purple" w="full">
              <RouterLink to={paths.profile.getHref()}>{t('auth.confirmEmail.toProfile')}</RouterLink>
            </Button>
          ) : (
            <Button asChild colorPalette="purple" w="full">
              <RouterLink to={paths.auth.getHref()}>{t('auth.goToLogin')}</RouterLink>
            </Button>
          )}
        </Stack>
      </AuthCard>
    );
  }

  const reason = token ? getErrorMessage(error) : t('auth.confirmEmail.noToken');
  return (
    <AuthFailureCard
      title={t('auth.confirmEmail.failureTitle')}
      icon={LuCircleX}
      message={reason}
      action={{ to: paths.profile.getHref(), label: t('auth.confirmEmail.toProfile') }}
      testId="confirm-email-failure"
    />
  );
}
