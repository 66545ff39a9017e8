import { unstable_serialize } from 'swr';
import { serverPingKey } from '../features/system-status/api/get-server-ping';
import { plansKey } from '../lib/plans/get-plans';
import { portalConfigKey } from '../lib/portal-config';
import type { ServerRenderedData } from '../lib/server-rendered-page';
import { siteContentKey } from '../lib/site-content/site-content-api';

/** SWR's starting data for a page drawn from `data`, so the first render shows what the server drew. */
export function swrFallbackFor(data: ServerRenderedData | null): Record<string, unknown> {
	if (!data) return {};
	return {
		[unstable_serialize([plansKey, data.language])]: data.plans,
		[unstable_serialize([siteContentKey, data.language])]: data.siteContent,
		[portalConfigKey]: data.portalConfig,
		// The control plane has just answered the page itself; the footer's poll takes over from here.
		[serverPingKey]: true,
	};
}
