import type { ApiExtensionContext } from '@directus/types';
import { ACCOUNT_LANGUAGES, type AccountProfile } from '@epic/platform-api';
import { z } from 'zod';
import { ProfileNotFoundError } from '../errors.ts';
import { parseInput } from '../http/parse-input.ts';
import { emailLanguageOf } from '../email/email-language.ts';

export type { AccountProfile as Profile } from '@epic/platform-api';

const PROFILE_FIELDS = ['id', 'email', 'first_name', 'last_name', 'language', 'avatar', 'status'];

export type ServiceContext = Pick<ApiExtensionContext, 'services' | 'getSchema'>;

type ProfileRow = Omit<AccountProfile, 'language'> & { language: string | null };

/**
 * Customers hold no read permission on `directus_users` (on the core tier any read permission
 * would expose every user), so their own profile is read here, filtered to their own id.
 */
export async function readOwnProfile(context: ServiceContext, userId: string): Promise<AccountProfile> {
	const { UsersService } = context.services;
	const users = new UsersService({ schema: await context.getSchema() });
	const [profile] = (await users.readByQuery({
		fields: PROFILE_FIELDS,
		filter: { id: { _eq: userId } },
		limit: 1,
	})) as ProfileRow[];
	if (!profile) throw new ProfileNotFoundError();
	return { ...profile, language: profile.language ? emailLanguageOf(profile.language) : null };
}

/** Directus's name columns hold 50 characters. */
const name = z.string().trim().max(50);

/** The fields a customer may change directly; email, password and avatar have their own routes. */
const ProfileUpdateSchema = z
	.object({ first_name: name, last_name: name, language: z.enum(ACCOUNT_LANGUAGES) })
	.partial()
	.strict()
	.refine((update) => Object.keys(update).length > 0, 'nothing to change');

export async function updateOwnProfile(context: ServiceContext, userId: string, body: unknown): Promise<AccountProfile> {
	const update = parseInput(ProfileUpdateSchema, body);
	await readOwnProfile(context, userId);
	const users = new context.services.UsersService({ schema: await context.getSchema() });
	await users.updateOne(userId, update);
	return readOwnProfile(context, userId);
}
