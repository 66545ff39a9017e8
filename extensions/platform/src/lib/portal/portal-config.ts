import type { PlatformConfig } from '../platform-config.ts';

/** Settings the portal shows that operators set in the environment, not at build time. */
export interface PortalConfig {
	supportEmail: string;
	/** Sites live at `{subdomain}.{publicHost}`. */
	publicHost: string;
	/** The A record value of a custom domain (env `PUBLIC_IP`); null when the operator has not set it. */
	publicIp: string | null;
}

export function portalConfig(config: PlatformConfig): PortalConfig {
	return { supportEmail: config.SUPPORT_EMAIL, publicHost: config.PUBLIC_HOST, publicIp: config.PUBLIC_IP ?? null };
}
