import type { AuthenticationData, AuthenticationStorage } from '@directus/sdk';

/** localStorage key for the session's tokens (docs/product.md, Session and accounts). */
export const AUTH_STORAGE_KEY = 'epic-auth';

type ClearListener = () => void;
const clearListeners = new Set<ClearListener>();

const isAuthenticationData = (value: unknown): value is AuthenticationData => typeof value === 'object' && value !== null && 'access_token' in value;

const readStoredAuth = (): AuthenticationData | null => {
	// The server renderer (src/server-render) draws pages as a visitor without a session sees them.
	if (typeof window === 'undefined') return null;
	const raw = window.localStorage.getItem(AUTH_STORAGE_KEY);
	if (raw === null) return null;
	try {
		const parsed: unknown = JSON.parse(raw);
		if (isAuthenticationData(parsed)) return parsed;
	} catch {
		// Fall through: a value we cannot parse is as good as no session.
	}
	window.localStorage.removeItem(AUTH_STORAGE_KEY);
	return null;
};

/** True when a session worth checking is stored (an access or refresh token). */
export const hasStoredAuth = (): boolean => {
	const data = readStoredAuth();
	return Boolean(data?.access_token || data?.refresh_token);
};

/** Forget the session and tell the auth provider, so the UI signs out too. */
export const clearStoredAuth = (): void => {
	window.localStorage.removeItem(AUTH_STORAGE_KEY);
	clearListeners.forEach((listener) => listener());
};

export const onStoredAuthCleared = (listener: ClearListener): (() => void) => {
	clearListeners.add(listener);
	return () => clearListeners.delete(listener);
};

/**
 * Storage adapter for the SDK. The SDK "resets" by writing an object of nulls;
 * we remove the key instead so an empty session never looks like a stored one.
 */
export const authStorage: AuthenticationStorage = {
	get: readStoredAuth,
	set: (value) => {
		if (!value || (!value.access_token && !value.refresh_token)) {
			window.localStorage.removeItem(AUTH_STORAGE_KEY);
			return;
		}
		window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(value));
	},
};
