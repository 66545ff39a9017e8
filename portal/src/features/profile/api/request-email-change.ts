import type { EmailChangeRequest } from '@epic/platform-api';
import useSWRMutation from 'swr/mutation';
import { paths } from '../../../config/paths';
import { accountRequest } from './account-request';

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

export const useRequestEmailChange = () =>
	useSWRMutation('account/email', (_key: string, { arg }: { arg: Omit<EmailChangeRequest, 'confirmation_url'> }) => requestEmailChange(arg), { throwOnError: true });
