/** Settings the portal shows that operators set in the environment, not at build time (`GET /portal/config`). */
export interface PortalConfig {
	supportEmail: string;
	/** Sites live at `{subdomain}.{publicHost}`. */
	publicHost: string;
	/** What follows `{subdomain}.` in a site's address: the public host, and its port where it is not the scheme's default. */
	siteHostSuffix: string;
	/** Whether sites are served over HTTPS here; over plain HTTP there is no certificate step. */
	sitesOverHttps: boolean;
	/** The A record value of a custom domain (env `PUBLIC_IP`); null when the operator has not set it. */
	publicIp: string | null;
}
