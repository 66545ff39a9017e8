/** The management API's inputs: the runtime validates with these before it touches anything. */
import { CORS_ORIGINS_MAX, LICENCE_KEY_MESSAGE, normalizeCorsOrigin, normalizeLicenceKey, PROJECT_TEMPLATES } from '@epic/platform-api';
import { z } from 'zod';

export const projectId = z
	.string()
	.regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/, 'must be letters, digits and hyphens')
	.refine((id) => !id.startsWith('pool-'), 'must not start with "pool-"');

/** One DNS label: letters, digits and hyphens, not starting or ending with a hyphen. */
export const subdomain = z
	.string()
	.transform((value) => value.toLowerCase())
	.pipe(z.string().regex(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/, 'must be letters, digits and hyphens, starting and ending with a letter or digit'));

export const domain = z
	.string()
	.transform((value) => value.toLowerCase().replace(/\.$/, ''))
	.pipe(
		z
			.string()
			.max(253)
			.regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain name'),
	);

export const adminCredentials = z.object({
	email: z.email(),
	password: z.string().min(8).max(256),
});

/**
 * What a site may use, from its project's plan: memory in MiB (swap included) and a CPU weight
 * (Docker's --cpu-shares: relative, 1024 is one ordinary share), which the container driver
 * applies at each start of the site's container (the process driver has none to apply); the
 * largest upload in MB, which the site's Directus gets at its next start; and a storage quota in
 * MB (uploads plus database), past which the router refuses uploads; the emails it may send an
 * hour (the mail relay counts them, without a restart). Any absent: the runtime's
 * default.
 */
export const siteResources = z.object({
	memoryMb: z.number().int().min(128).max(65_536).optional(),
	cpuShares: z.number().int().min(2).max(262_144).optional(),
	uploadMaxMb: z.number().int().min(1).max(10_240).optional(),
	storageQuotaMb: z.number().int().min(1).max(1_048_576).optional(),
	/** Emails the site may send per clock hour through the platform's relay. */
	mailPerHour: z.number().int().min(0).max(1_000_000).optional(),
});

export const ensureInstanceBody = z.object({
	subdomain,
	projectName: z.string().trim().min(1).max(100),
	admin: adminCredentials,
	/** Absent: the runtime's defaults (DOCKER_SITE_MEMORY_MB, DOCKER_SITE_CPU_SHARES). */
	resources: siteResources.optional(),
});

export const domainsBody = z.object({ domains: z.array(domain).max(10) });

/** The origins whose pages may call the site from the browser (PUT /instances/:id/cors), as the control plane normalised them. */
export const corsBody = z.object({
	origins: z
		.array(
			z.string().refine((value) => {
				const check = normalizeCorsOrigin(value);
				return check.ok && check.origin === value;
			}, 'must be an origin like https://www.example.com'),
		)
		.max(CORS_ORIGINS_MAX),
});

/** A starter to put on the site (POST /instances/:id/template); Blank adds nothing, so it is never sent. */
export const templateBody = z.object({ template: z.enum(PROJECT_TEMPLATES).exclude(['blank']) });
/**
 * The project's Directus licence key for its site (PUT /instances/:id/license), or null to remove
 * it. The refusal never repeats the value.
 */
export const licenseBody = z.object({
	key: z
		.string()
		.refine((value) => {
			const check = normalizeLicenceKey(value);
			return check.ok && check.key === value;
		}, LICENCE_KEY_MESSAGE)
		.nullable(),
});

/** A plan change: the project's new limits (PUT /instances/:id/resources). */
export const resourcesBody = z.object({ resources: siteResources });

/** GET /instances/:id/logs and its stream: `after`, an offset a previous read answered; absent, the log's end. */
export const siteLogQuery = z.object({ after: z.coerce.number().int().min(0).optional() });

export const usageQuery = z.object({
	from: z.iso.date().optional(),
	projectId: projectId.optional(),
});

export type AdminCredentials = z.infer<typeof adminCredentials>;
export type SiteResources = z.infer<typeof siteResources>;
export type SiteTemplateName = z.infer<typeof templateBody>['template'];

/** What the control plane asks for: the project's id (the path) and the ensure body. */
export interface EnsureInstanceRequest extends z.input<typeof ensureInstanceBody> {
	projectId: string;
}
