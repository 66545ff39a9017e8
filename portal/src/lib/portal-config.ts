import { customEndpoint } from '@directus/sdk';
import { portalConfigSchema, type PortalConfig } from '@epic/platform-api';
import useSWRImmutable from 'swr/immutable';
import { directus } from './directus';
import { parseAnswer } from './parse-answer';

/** Operator settings the portal renders; they come from the server's environment at run time. */
export type { PortalConfig };

export const portalConfigKey = 'portal/config';

export async function fetchPortalConfig(): Promise<PortalConfig> {
	const body: unknown = await directus.request(customEndpoint({ path: '/portal/config', method: 'GET' }));
	// An older control plane without publicIp reads as "not configured".
	let config = body;
	if (typeof body === 'object' && body !== null) {
		const { publicIp } = body as { publicIp?: unknown };
		config = { ...body, publicIp: typeof publicIp === 'string' && publicIp !== '' ? publicIp : null };
	}
	return parseAnswer(portalConfigSchema, config, 'GET /portal/config');
}

/** Fetched once per page load: the settings change only when the operator redeploys. */
export function usePortalConfig() {
	return useSWRImmutable(portalConfigKey, fetchPortalConfig);
}

export const mailto = (address: string): string => `mailto:${address}`;
