import type { PlatformConfig } from '../platform-config.ts';

/** Settings the portal shows that operators set in the environment, not at build time. */
export interface PortalConfig {
	supportEmail: string;
	/** Sites live at `{subdomain}.{publicHost}`. */
	publicHost: string;
}

export function portalConfig(config: PlatformConfig): PortalConfig {
	return { supportEmail: config.SUPPORT_EMAIL, publicHost: config.PUBLIC_HOST };
}
