import { createContext } from 'react';
import type { Registration } from './session-api';
import type { SessionUser } from './session-user';

/** What the auth page passes to register; the page's language is added by the provider. */
export type RegistrationInput = Omit<Registration, 'language'>;

export type AuthContextValue = {
	user: SessionUser | null;
	/** True until the stored session has been checked (or there was none). */
	isLoading: boolean;
	/** True while logging out, so guards wait instead of redirecting to /auth. */
	isLoggingOut: boolean;
	login: (email: string, password: string) => Promise<SessionUser>;
	register: (registration: RegistrationInput) => Promise<void>;
	logout: () => Promise<void>;
	/** Shows a profile the server answered with after a change (name, avatar, language). */
	applyUser: (user: SessionUser) => void;
	/** Reads the signed-in customer again (`GET /account/me`), e.g. after their email changed. */
	reloadUser: () => Promise<void>;
	/**
	 * Ends the session without a logout call (the account was deleted): clears the stored tokens
	 * and goes to `/`. The caller shows its own toast.
	 */
	endSession: () => Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);
