import { customEndpoint } from '@directus/sdk';
import useSWRImmutable from 'swr/immutable';
import { UnexpectedResponseError } from './api-error';
import type { PortalConfig } from '@epic/platform-api';
import { directus } from './directus';

/** Operator settings the portal renders; they come from the server's environment at run time. */
export type { PortalConfig };

export const portalConfigKey = 'portal/config';

export function isPortalConfig(value: unknown): value is PortalConfig {
  if (typeof value !== 'object' || value === null) return false;
  const { supportEmail, publicHost, siteHostSuffix, sitesOverHttps, publicIp } = value as Record<string, unknown>;
  return (
    typeof supportEmail === 'string' &&
    typeof publicHost === 'string' &&
    typeof siteHostSuffix === 'string' &&
    typeof sitesOverHttps === 'boolean' &&
    (publicIp === null || typeof publicIp === 'string')
  );
}

export async function fetchPortalConfig(): Promise<PortalConfig> {
  const body: unknown = await directus.request(customEndpoint({ path: '/portal/config', method: 'GET' }));
  // An older control plane without publicIp reads as "not configured".
  let config = body;
  if (typeof body === 'object' && body !== null) {
    const { publicIp } = body as { publicIp?: unknown };
    config = { ...body, publicIp: typeof publicIp === 'string' && publicIp !== '' ? publicIp : null };
  }
  if (!isPortalConfig(config)) throw new UnexpectedResponseError('GET /portal/config did not return the portal settings');
  return config;
}

/** Fetched once per page load: the settings change only when the operator redeploys. */
export function usePortalConfig() {
  return useSWRImmutable(portalConfigKey, fetchPortalConfig);
}

export const mailto = (address: string): string => `mailto:${address}`;
