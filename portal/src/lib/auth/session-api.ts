import { customEndpoint, registerUser } from '@directus/sdk';
import { paths } from '../../config/paths';
import { UnexpectedResponseError } from '../api-error';
import { directus } from '../directus';
import { splitFullName, toSessionUser, type SessionUser } from './session-user';

/**
 * Customers hold no read permission on users (on Directus's core tier any would expose every
 * user), so their own profile comes from the platform's `/account/me`, which checks ownership.
 */
export async function fetchSessionUser(): Promise<SessionUser> {
  const raw: unknown = await directus.request(customEndpoint({ path: '/account/me', method: 'GET' }));
  if (typeof raw !== 'object' || raw === null || !('id' in raw)) {
    throw new UnexpectedResponseError('GET /account/me did not return a user');
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
 * verify-email page. It never signs the user in (docs/product.md, States, Registration).
 */
export async function registerAccount({ fullName, email, password }: Registration): Promise<void> {
  await directus.request(
    registerUser(email, password, {
      ...splitFullName(fullName),
      verification_url: `${window.location.origin}${paths.verifyEmail.getHref()}`,
    }),
  );
}
