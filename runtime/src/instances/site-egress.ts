/**
 * Where a site may not send requests on a tenant's behalf. Directus refuses these addresses (and
 * names that resolve to them) before it connects, for a Flow's Request URL and `/files/import`
 * alike (IMPORT_IP_DENY_LIST). Without it a customer's Flow could read the machine's services, the
 * private network behind it, or a cloud's metadata service and its credentials.
 */
export const SITE_DENIED_NETWORKS = [
	// Directus's own entry for "this machine": 0.0.0.0/8, `::` and every local interface's subnet.
	'0.0.0.0',
	'127.0.0.0/8',
	'10.0.0.0/8',
	'172.16.0.0/12',
	'192.168.0.0/16',
	// Carrier-grade NAT, which some clouds use for their internal networks.
	'100.64.0.0/10',
	// Link-local: cloud metadata services (169.254.169.254) live here.
	'169.254.0.0/16',
	'198.18.0.0/15',
	'224.0.0.0/4',
	'240.0.0.0/4',
	'::1/128',
	'fc00::/7',
	'fe80::/10',
	// IPv4-mapped IPv6 addresses reach the IPv4 ones above.
	'::ffff:0:0/96',
] as const;
