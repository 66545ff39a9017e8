import { Button, Icon, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCircleCheck, LuCircleX } from 'react-icons/lu';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { toaster } from '../../../lib/toaster';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard } from './auth-card';
import { AuthFailureCard } from './auth-failure-card';

/** /verify-email?token=…: the link from the registration email lands here. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');

  const { data, error } = useVerifyEmail(token, {
    onSuccess: () => toaster.success({ title: t('auth.verify.successToast') }),
    onError: () => toaster.error({ title: t('auth.verify.failureToast') }),
  });

  if (token && !data && !error) {
    return (
      <AuthCard title={t('auth.verify.verifyingTitle')}>
        <Stack align="center" gap="4" role="status">
          <Spinner size="xl" color="purple.solid" />
          <Text color="fg.muted">{t('auth.verify.verifyingText')}</Text>
        </Stack>
      </AuthCard>
    );
  }

  if (data) {
    return (
      <AuthCard title={t('auth.verify.successTitle')}>
        <Stack align="center" gap="5" textAlign="center" role="status" data-testid="verify-email-success">
          <Icon as={LuCircleCheck} boxSize="12" color="green.solid" aria-hidden="true" />
          <Text color="fg.muted">{t('auth.verify.successText')}</Text>
          <Button asChild colorPalette="purple" w="full">
            <RouterLink to={paths.auth.getHref()}>{t('auth.goToLogin')}</RouterLink>
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const reason = token ? getErrorMessage(error) : t('auth.verify.noToken');
  return (
    <AuthFailureCard
      title={t('auth.verify.failureTitle')}
      icon={LuCircleX}
      message={reason}
      action={{ to: paths.auth.getHref('register'), label: t('auth.verify.tryAgain') }}
    />
  );
}
