import { readMe, registerUser } from '@directus/sdk';
import { paths } from '../../config/paths';
import { directus } from '../directus';
import { SESSION_USER_FIELDS, splitFullName, toSessionUser, type SessionUser } from './session-user';

export async function fetchSessionUser(): Promise<SessionUser> {
  const raw: unknown = await directus.request(readMe({ fields: [...SESSION_USER_FIELDS] }));
  if (typeof raw !== 'object' || raw === null || !('id' in raw)) {
    throw new Error('Unexpected response from /users/me');
  }
  return toSessionUser(raw);
}

export async function signIn(email: string, password: string): Promise<void> {
  await directus.login({ email, password });
}

export async function signOut(): Promise<void> {
  await directus.logout();
}

export type Registration = { fullName: string; email: string; password: string };

/**
 * Creates an unverified account; Directus mails a link to the portal's
 * verify-email page. It never signs the user in (spec section 4).
 */
export async function registerAccount({ fullName, email, password }: Registration): Promise<void> {
  await directus.request(
    registerUser(email, password, {
      ...splitFullName(fullName),
      verification_url: `${window.location.origin}${paths.verifyEmail.getHref()}`,
    }),
  );
}
