/** `/portal/config`: public, non-secret settings the portal renders (support address, site host). */
import { defineEndpoint } from '@directus/extensions-sdk';
import { readPlatformConfig } from '../../lib/platform-config.ts';
import { portalConfig } from '../../lib/portal/portal-config.ts';

export default defineEndpoint({
	id: 'portal',
	handler: (router, context) => {
		const config = portalConfig(readPlatformConfig(context.env));
		router.get('/config', (_req, res) => {
			res.json({ data: config });
		});
	},
});
