import { customEndpoint, type HttpMethod } from '@directus/sdk';
import {
  accountProfileSchema,
  type AccountDeletionRequest,
  type AccountProfileUpdate,
  type EmailChangeRequest,
  type PasswordChangeRequest,
} from '@epic/platform-api';
import useSWRMutation from 'swr/mutation';
import { paths } from '../../../config/paths';
import { fetchSessionUser, updateAccount } from '../../../lib/auth/session-api';
import { toSessionUser, type SessionUser } from '../../../lib/auth/session-user';
import { directus } from '../../../lib/directus';
import { parseAnswer } from '../../../lib/parse-answer';

/**
 * The account API (`/account/*`, packages/platform-api/src/account.ts). The SDK adds the token,
 * unwraps `{ data }` and throws `{ errors }` answers, which lib/api-error.ts reads.
 */
async function accountRequest(method: HttpMethod, path: string, body?: object): Promise<unknown> {
  return directus.request(
    customEndpoint<unknown>({ path: `/account${path}`, method, ...(body ? { body: JSON.stringify(body) } : {}) }),
  );
}

function profileFrom(answer: unknown, call: string): SessionUser {
  return toSessionUser(parseAnswer(accountProfileSchema, answer, call));
}

/** `PUT /account/avatar`: the raw image as the body, its type as Content-Type; answers the profile. */
export async function uploadAvatar(file: File): Promise<SessionUser> {
  const answer: unknown = await directus.request(
    customEndpoint<unknown>({
      path: '/account/avatar',
      method: 'PUT',
      headers: { 'Content-Type': file.type },
      // The SDK's own body is a string or FormData; the file goes in as it is.
      onRequest: (init) => ({ ...init, body: file }),
    }),
  );
  return profileFrom(answer, 'PUT /account/avatar');
}

/** `DELETE /account/avatar`; reads the profile again when the answer carries none. */
export async function removeAvatar(): Promise<SessionUser> {
  const profile = accountProfileSchema.safeParse(await accountRequest('DELETE', '/avatar'));
  return profile.success ? toSessionUser(profile.data) : fetchSessionUser();
}

/**
 * `POST /account/email`: mails a confirmation link to the new address (202, the same answer
 * whether or not the address is taken). The email changes only when the link is opened.
 */
export async function requestEmailChange({ email, password }: Omit<EmailChangeRequest, 'confirmation_url'>): Promise<void> {
  const request: EmailChangeRequest = {
    email,
    password,
    confirmation_url: `${window.location.origin}${paths.confirmEmail.getHref()}`,
  };
  await accountRequest('POST', '/email', request);
}

/** `POST /account/password` (204): the current password is checked before the new one is set. */
export async function changePassword(request: PasswordChangeRequest): Promise<void> {
  await accountRequest('POST', '/password', request);
}

/** `DELETE /account/me` (204): the password confirms that the owner asks. */
export async function deleteAccount(request: AccountDeletionRequest): Promise<void> {
  await accountRequest('DELETE', '/me', request);
}

// One mutation hook per action, so each action has its own busy flag.

export const useUpdateProfile = () =>
  useSWRMutation('account/me/update', (_key: string, { arg }: { arg: AccountProfileUpdate }) => updateAccount(arg), {
    throwOnError: true,
  });

export const useUploadAvatar = () =>
  useSWRMutation('account/avatar/upload', (_key: string, { arg }: { arg: File }) => uploadAvatar(arg), {
    throwOnError: true,
  });

export const useRemoveAvatar = () =>
  useSWRMutation('account/avatar/remove', () => removeAvatar(), { throwOnError: true });

export const useRequestEmailChange = () =>
  useSWRMutation(
    'account/email',
    (_key: string, { arg }: { arg: Omit<EmailChangeRequest, 'confirmation_url'> }) => requestEmailChange(arg),
    { throwOnError: true },
  );

export const useChangePassword = () =>
  useSWRMutation('account/password', (_key: string, { arg }: { arg: PasswordChangeRequest }) => changePassword(arg), {
    throwOnError: true,
  });

export const useDeleteAccount = () =>
  useSWRMutation('account/me/delete', (_key: string, { arg }: { arg: AccountDeletionRequest }) => deleteAccount(arg), {
    throwOnError: true,
  });
