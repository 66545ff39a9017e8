/**
 * `POST /account/password`: the current password is checked, the new one must pass the policy
 * (the `users.update` filter enforces it), and every session of the account ends, so a device
 * signed in with the old password is signed out. The portal signs in again with the new password.
 */
import type { ApiExtensionContext } from '@directus/types';
import { PASSWORD_MAX_LENGTH } from '@epic/platform-api';
import { z } from 'zod';
import { parseInput } from '../../http/parse-input.ts';
import type { SignInLock } from '../sign-in/sign-in-lock.ts';
import { readOwnProfile } from '../profile.ts';
import { checkCurrentPassword } from './current-password.ts';

type Context = Pick<ApiExtensionContext, 'services' | 'getSchema' | 'database'>;

const PasswordChangeSchema = z
	.object({
		current_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
		new_password: z.string().max(PASSWORD_MAX_LENGTH * 4),
	})
	.strict();

export async function changePassword(context: Context, lock: SignInLock, userId: string, body: unknown): Promise<void> {
	const input = parseInput(PasswordChangeSchema, body);
	const profile = await readOwnProfile(context, userId);
	await checkCurrentPassword(context, lock, profile, input.current_password);
	const users = new context.services.UsersService({ schema: await context.getSchema() });
	await users.updateOne(userId, { password: input.new_password });
	await context.database('directus_sessions').where({ user: userId }).delete();
}
