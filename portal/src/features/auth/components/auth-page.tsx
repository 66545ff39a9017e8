import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { AuthMode } from '../../../config/paths';
import { paths } from '../../../config/paths';
import { readReturnTo } from '../../../lib/auth/return-to';
import { useAuth } from '../../../lib/auth/use-auth';
import { toaster } from '../../../lib/toaster';
import { AuthCard } from './auth-card';
import { AuthForm, type AuthFormValues } from './auth-form';
import { CheckEmail } from './check-email';

/** /auth: sign in, or register with ?mode=register. */
export function AuthPage() {
  const { t } = useTranslation();
  const { login, register } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const mode: AuthMode = searchParams.get('mode') === 'register' ? 'register' : 'login';
  // Set after a successful registration: the account exists but is not signed in yet.
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  const switchTo = (next: AuthMode) => {
    setRegisteredEmail(null);
    // Keep the router state so a pending "return to" survives switching modes.
    setSearchParams(next === 'register' ? { mode: 'register' } : {}, { replace: true, state: location.state });
  };

  const handleSubmit = async ({ fullName, email, password }: AuthFormValues) => {
    if (mode === 'register') {
      await register({ fullName, email, password });
      toaster.success({ title: t('auth.toast.registered') });
      setRegisteredEmail(email);
      return;
    }
    await login(email, password);
    toaster.success({ title: t('auth.toast.loggedIn') });
    await navigate(readReturnTo(location.state) ?? paths.dashboard.getHref(), { replace: true });
  };

  if (registeredEmail) {
    return (
      <CheckEmail
        email={registeredEmail}
        message={t('auth.checkEmail.verifyMessage')}
        actions={
          <>
            <Button colorPalette="purple" onClick={() => switchTo('login')}>
              {t('auth.goToLogin')}
            </Button>
            <Button variant="outline" onClick={() => setRegisteredEmail(null)}>
              {t('auth.checkEmail.registerAnother')}
            </Button>
          </>
        }
      />
    );
  }

  return (
    <AuthCard
      title={mode === 'register' ? t('auth.register.title') : t('auth.login.title')}
      subtitle={mode === 'register' ? t('auth.register.subtitle') : t('auth.login.subtitle')}
    >
      {/* Keyed by mode so switching starts with a clean form. */}
      <AuthForm
        key={mode}
        mode={mode}
        onToggleMode={() => switchTo(mode === 'register' ? 'login' : 'register')}
        onSubmit={handleSubmit}
      />
    </AuthCard>
  );
}
