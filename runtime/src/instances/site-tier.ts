/**
 * Where a site stands against its Directus tier, read from the site itself: Directus's own
 * `GET /license` (admin only) names the tier, its status and limits, and counts the Studio seats,
 * collections and active flows in use, exactly as Directus enforces them. The runtime asks as the
 * site's first administrator with a short-lived token it signs with the site's SECRET, which it
 * holds anyway (Directus then reads that user's access from the database, as for any token).
 */
import jwt from 'jsonwebtoken';
import type { SiteTier } from '@epic/runtime-contract';

/** Long enough for one request. */
const TOKEN_SECONDS = 60;
const LICENSE_TIMEOUT_MS = 10_000;

export interface SiteAdmin {
	id: string;
	role: string | null;
}

export function siteAdminToken(secret: string, admin: SiteAdmin): string {
	return jwt.sign({ id: admin.id, role: admin.role, app_access: true, admin_access: true }, secret, { issuer: 'directus', expiresIn: TOKEN_SECONDS });
}

interface LicenseAnswer {
	name?: unknown;
	status?: unknown;
	entitlements?: Record<string, unknown>;
	usage?: Record<string, unknown>;
}

const count = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** A numeric entitlement (`{ limit, addon? }`, -1 for none) as one limit: the base and what was bought on top; null when unlimited. */
function limitOf(entitlement: unknown): number | null {
	const { limit, addon } = (entitlement ?? {}) as { limit?: unknown; addon?: unknown };
	const base = count(limit);
	return base === null || base < 0 ? null : base + (count(addon) ?? 0);
}

/** A boolean entitlement (`{ default, override? }`). */
function enabled(entitlement: unknown): boolean {
	const value = (entitlement ?? {}) as { default?: unknown; override?: unknown };
	return (value.override ?? value.default) === true;
}

export async function readSiteTier(port: number, token: string): Promise<SiteTier> {
	const response = await fetch(`http://127.0.0.1:${port}/license`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(LICENSE_TIMEOUT_MS) });
	if (!response.ok) throw new Error(`the site answered GET /license with ${response.status}`);
	const { data } = (await response.json()) as { data: LicenseAnswer };
	const limits = data.entitlements ?? {};
	const usage = data.usage ?? {};
	return {
		name: typeof data.name === 'string' ? data.name : null,
		status: typeof data.status === 'string' ? data.status : null,
		seats: { used: count(usage['seats']), limit: limitOf(limits['seats']) },
		collections: { used: count(usage['collections']), limit: limitOf(limits['collections']) },
		flows: { used: count(usage['flows']), limit: limitOf(limits['flows']) },
		customPermissionRules: enabled(limits['custom_permission_rules_enabled']),
	};
}
