import type { ApiExtensionContext } from '@directus/types';

/** What the avatar code uses of the endpoint's context. */
export type AvatarContext = Pick<ApiExtensionContext, 'services' | 'getSchema' | 'logger' | 'database'>;
