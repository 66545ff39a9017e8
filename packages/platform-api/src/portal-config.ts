/** Settings the portal shows that operators set in the environment, not at build time (`GET /portal/config`). */
export interface PortalConfig {
	supportEmail: string;
	/** Sites live at `{subdomain}.{publicHost}`. */
	publicHost: string;
	/** The A record value of a custom domain (env `PUBLIC_IP`); null when the operator has not set it. */
	publicIp: string | null;
}
