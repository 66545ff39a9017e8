import { z } from 'zod';

/** Settings the portal shows that operators set in the environment, not at build time (`GET /portal/config`). */
export const portalConfigSchema = z.object({
	supportEmail: z.string(),
	/** Sites live at `{subdomain}.{publicHost}`. */
	publicHost: z.string(),
	/** What follows `{subdomain}.` in a site's address: the public host, and its port where it is not the scheme's default. */
	siteHostSuffix: z.string(),
	/** Whether sites are served over HTTPS here; over plain HTTP there is no certificate step. */
	sitesOverHttps: z.boolean(),
	/** The A record value of a custom domain (env `PUBLIC_IP`); null when the operator has not set it. */
	publicIp: z.string().nullable(),
});
export type PortalConfig = z.infer<typeof portalConfigSchema>;
