import type { ApiExtensionContext } from '@directus/types';
import { ProfileNotFoundError } from '../errors.ts';

export interface Profile {
	id: string;
	email: string;
	first_name: string | null;
	last_name: string | null;
	avatar: string | null;
}

const PROFILE_FIELDS = ['id', 'email', 'first_name', 'last_name', 'avatar'];

type ServiceContext = Pick<ApiExtensionContext, 'services' | 'getSchema'>;

/**
 * Customers hold no read permission on `directus_users` (on the core tier any read permission
 * would expose every user), so their own profile is read here, filtered to their own id.
 */
export async function readOwnProfile(context: ServiceContext, userId: string): Promise<Profile> {
	const { UsersService } = context.services;
	const users = new UsersService({ schema: await context.getSchema() });
	const [profile] = (await users.readByQuery({
		fields: PROFILE_FIELDS,
		filter: { id: { _eq: userId } },
		limit: 1,
	})) as Profile[];
	if (!profile) throw new ProfileNotFoundError();
	return profile;
}
