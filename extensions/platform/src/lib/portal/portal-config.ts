import type { PortalConfig } from '@epic/platform-api';
import type { PlatformConfig } from '../platform-config.ts';

export type { PortalConfig };

export function portalConfig(config: PlatformConfig): PortalConfig {
	return { supportEmail: config.SUPPORT_EMAIL, publicHost: config.PUBLIC_HOST, publicIp: config.PUBLIC_IP ?? null };
}
