/**
 * Every project gets its proof-of-ownership token for custom domains when it is made, whatever
 * made it (the projects API, staff in Studio, `/items`), and nobody sets or changes one by hand:
 * the token is what keeps a domain from being served to someone who does not control its DNS.
 */
import { defineHook } from '@directus/extensions-sdk';
import { newDomainToken } from '../../lib/domains/ownership/domain-proof.ts';

type ProjectPayload = Record<string, unknown>;

export default defineHook(({ filter }) => {
	filter('projects.items.create', (payload) => ({ ...(payload as ProjectPayload), domain_token: newDomainToken() }));

	filter('projects.items.update', (payload) => {
		const { domain_token: _ignored, ...rest } = payload as ProjectPayload;
		return rest;
	});
});
