import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { getErrorMessage } from '../api-error';
import { clearStoredAuth, hasStoredAuth, onStoredAuthCleared } from '../auth-storage';
import { toaster } from '../toaster';
import { currentLanguage } from '../i18n';
import { AuthContext, type AuthContextValue, type RegistrationInput } from './auth-context';
import { fetchSessionUser, registerAccount, signIn, signOut, stopSessionRefresh } from './session-api';
import type { SessionUser } from './session-user';

/**
 * Holds the session (docs/product.md, States, Session). It lives inside the router
 * because logging out navigates home.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
	const { t } = useTranslation();
	const navigate = useNavigate();
	const { pathname } = useLocation();
	const [user, setUser] = useState<SessionUser | null>(null);
	const [isLoading, setIsLoading] = useState(hasStoredAuth);
	const [isLoggingOut, setIsLoggingOut] = useState(false);

	// Check the stored session once on start; a failed check ends it.
	useEffect(() => {
		if (!hasStoredAuth()) return;
		let cancelled = false;
		fetchSessionUser()
			.then((loaded) => {
				if (!cancelled) setUser(loaded);
			})
			.catch(() => clearStoredAuth())
			.finally(() => {
				if (!cancelled) setIsLoading(false);
			});
		return () => {
			cancelled = true;
		};
	}, []);

	// A failed token refresh clears storage anywhere in the app; sign out the UI with it.
	useEffect(() => onStoredAuthCleared(() => setUser(null)), []);

	// The logout flag keeps protected pages from redirecting to /auth until the router has
	// rendered home. Awaiting navigate() is not enough: the router commits a navigation to a
	// lazily loaded page in a transition, after the promise resolves.
	useEffect(() => {
		if (pathname === paths.home.path) setIsLoggingOut(false);
	}, [pathname]);

	const login = useCallback(async (email: string, password: string) => {
		try {
			await signIn(email, password);
			const loaded = await fetchSessionUser();
			setUser(loaded);
			setIsLoggingOut(false);
			return loaded;
		} catch (error) {
			clearStoredAuth();
			throw new Error(getErrorMessage(error), { cause: error });
		}
	}, []);

	const register = useCallback(async (registration: RegistrationInput) => {
		try {
			// The account's emails are written in the language of the page it registered on.
			await registerAccount({ ...registration, language: currentLanguage() });
		} catch (error) {
			throw new Error(getErrorMessage(error), { cause: error });
		}
	}, []);

	const endSession = useCallback(async () => {
		setIsLoggingOut(true);
		stopSessionRefresh();
		clearStoredAuth();
		setUser(null);
		await navigate(paths.home.getHref(), { replace: true });
	}, [navigate]);

	const logout = useCallback(async () => {
		setIsLoggingOut(true);
		try {
			await signOut();
		} catch (error) {
			// The server may already have forgotten the token; local sign-out must still happen.
			console.error('Error during logout', error);
		}
		await endSession();
		toaster.success({ title: t('auth.toast.loggedOut') });
	}, [endSession, t]);

	const applyUser = useCallback((changed: SessionUser) => setUser(changed), []);

	const reloadUser = useCallback(async () => {
		if (!hasStoredAuth()) return;
		setUser(await fetchSessionUser());
	}, []);

	const value = useMemo<AuthContextValue>(
		() => ({ user, isLoading, isLoggingOut, login, register, logout, applyUser, reloadUser, endSession }),
		[user, isLoading, isLoggingOut, login, register, logout, applyUser, reloadUser, endSession],
	);

	return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
