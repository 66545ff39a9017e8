import { createContext } from 'react';
import type { Registration } from './session-api';
import type { SessionUser } from './session-user';

export type AuthContextValue = {
  user: SessionUser | null;
  /** True until the stored session has been checked (or there was none). */
  isLoading: boolean;
  /** True while logging out, so guards wait instead of redirecting to /auth. */
  isLoggingOut: boolean;
  login: (email: string, password: string) => Promise<SessionUser>;
  register: (registration: Registration) => Promise<void>;
  logout: () => Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);
