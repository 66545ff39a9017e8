import type { PortalConfig } from '@epic/platform-api';
import type { PlatformConfig } from '../platform-config.ts';
import { siteAddressFrom } from '../projects/project-serializer.ts';

export type { PortalConfig };

export function portalConfig(config: PlatformConfig): PortalConfig {
	const address = siteAddressFrom(config.PUBLIC_URL, config.PUBLIC_HOST);
	return {
		supportEmail: config.SUPPORT_EMAIL,
		publicHost: config.PUBLIC_HOST,
		siteHostSuffix: `${address.publicHost}${address.port ? `:${address.port}` : ''}`,
		sitesOverHttps: address.scheme === 'https',
		publicIp: config.PUBLIC_IP ?? null,
	};
}
