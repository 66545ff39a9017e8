import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { AuthMode } from '../../../config/paths';
import { paths } from '../../../config/paths';
import { getErrorCode } from '../../../lib/api-error';
import { readReturnTo } from '../../../lib/auth/return-to';
import { useAuth } from '../../../lib/auth/use-auth';
import { planIntentEntries, readPlanIntent } from '../../../lib/plans/plan-intent';
import { toaster } from '../../../lib/toaster';
import { AuthCard } from './auth-card';
import { AuthForm, type AuthFormValues } from './auth-form';
import { CheckEmail } from './check-email';
import { PlanIntentNote } from './plan-intent-note';
import { UnverifiedNotice } from './unverified-notice';

type Credentials = { email: string; password: string };

/** The login's error carries the server's answer as its cause (lib/auth/auth-provider). */
const isUnverifiedLogin = (error: unknown): boolean => error instanceof Error && getErrorCode(error.cause) === 'EMAIL_NOT_VERIFIED';

/**
 * /auth: sign in, or register with ?mode=register. A plan picked on the pricing cards
 * (`&plan=…&period=…`) stays in the query across modes, goes into the verification link when
 * registering, and after signing in leads to onboarding instead of the dashboard.
 */
export function AuthPage() {
	const { t } = useTranslation();
	const { login, register } = useAuth();
	const navigate = useNavigate();
	const location = useLocation();
	const [searchParams, setSearchParams] = useSearchParams();
	const mode: AuthMode = searchParams.get('mode') === 'register' ? 'register' : 'login';
	const planIntent = readPlanIntent(searchParams);
	// Set after a successful registration: the account exists but is not signed in yet.
	const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
	// Set when sign-in was refused because the email is not verified: the way to a new email.
	const [unverified, setUnverified] = useState<Credentials | null>(null);
	const [resending, setResending] = useState(false);

	const switchTo = (next: AuthMode) => {
		setRegisteredEmail(null);
		setUnverified(null);
		// Keep the router state so a pending "return to" survives switching modes.
		const modeEntries: [string, string][] = next === 'register' ? [['mode', 'register']] : [];
		setSearchParams([...modeEntries, ...planIntentEntries(planIntent)], { replace: true, state: location.state });
	};

	const handleSubmit = async ({ fullName, email, password }: AuthFormValues) => {
		if (mode === 'register') {
			await register({ fullName, email, password, planIntent });
			toaster.success({ title: t('auth.toast.registered') });
			setRegisteredEmail(email);
			return;
		}
		setUnverified(null);
		try {
			await login(email, password);
		} catch (error) {
			if (!isUnverifiedLogin(error)) throw error;
			setUnverified({ email, password });
			return;
		}
		toaster.success({ title: t('auth.toast.loggedIn') });
		const destination = planIntent ? paths.onboarding.getHref(planIntent) : (readReturnTo(location.state) ?? paths.dashboard.getHref());
		await navigate(destination, { replace: true });
	};

	// Registering again with the same email and password makes Directus send the verification
	// email again for an account that is not verified yet.
	const resendVerification = async ({ email, password }: Credentials) => {
		setResending(true);
		try {
			await register({ email, password, planIntent });
			toaster.success({ title: t('auth.unverified.resent') });
			setUnverified(null);
			setRegisteredEmail(email);
		} catch (error) {
			toaster.error({
				title: t('auth.unverified.resendFailed'),
				description: error instanceof Error && error.message ? error.message : t('errors.generic'),
			});
		} finally {
			setResending(false);
		}
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
			{planIntent && <PlanIntentNote intent={planIntent} mode={mode} />}
			{mode === 'login' && unverified && <UnverifiedNotice busy={resending} onResend={() => void resendVerification(unverified)} />}
			{/* Keyed by mode so switching starts with a clean form. */}
			<AuthForm key={mode} mode={mode} onToggleMode={() => switchTo(mode === 'register' ? 'login' : 'register')} onSubmit={handleSubmit} />
		</AuthCard>
	);
}
