/**
 * The projects API (`/projects/*`) as the bundle answers it and the portal reads it
 * (docs/product.md, Projects API). Every answer is wrapped as `{ data: … }`; failures are
 * `{ errors: [{ message, extensions: { code } }] }`.
 */
import { z } from 'zod';
import { openEnum } from './open-enum.ts';

/**
 * Statuses a project moves through (docs/product.md, Project): `draft` until provisioning starts,
 * `pending` while it runs, `published` once the site serves, `failed` (with `failure_reason` and a
 * Retry), `suspended` while the subscription has ended. `active` and `inactive` are the spec's older
 * names, still read case-insensitively by the portal.
 */
export type ProjectStatus = 'draft' | 'pending' | 'published' | 'failed' | 'suspended' | 'active' | 'inactive';

/** The provisioning steps, in order (docs/product.md, States, Project). */
export const PROJECT_STEP_NAMES = ['infrastructure', 'database', 'domain', 'certificate'] as const;
export type ProjectStepName = (typeof PROJECT_STEP_NAMES)[number];
/** `skipped`: the step does not apply here (the certificate, where the installation has no TLS). */
export const PROJECT_STEP_STATES = ['pending', 'in_progress', 'complete', 'failed', 'skipped'] as const;
export type ProjectStepState = (typeof PROJECT_STEP_STATES)[number];

/**
 * One step of provisioning as it really happened; the setup screen shows these. Its name and state
 * are read as any text: the setup screen lists the steps it knows and reads a state it does not
 * know as pending.
 */
export const projectStepSchema = z.object({
	name: openEnum(PROJECT_STEP_NAMES),
	state: openEnum(PROJECT_STEP_STATES),
	/** ISO timestamps; null until the step starts or ends. */
	started_at: z.string().nullable().default(null),
	finished_at: z.string().nullable().default(null),
	/** What happened, in English, e.g. "Handed out from the warm pool" or why it failed. */
	detail: z.string().nullable().default(null),
});
export type ProjectStep = z.infer<typeof projectStepSchema>;

/** `GET /projects/{id}/credentials`: to the owner only, once the project is `published`. */
export const projectCredentialsSchema = z.object({
	admin_email: z.string(),
	admin_password: z.string(),
});
export type ProjectCredentials = z.infer<typeof projectCredentialsSchema>;

/**
 * The starters a project can be created from (docs/product.md, Templates): `blank` adds nothing;
 * each other one adds its collections, sample content and roles to the site at provisioning
 * (their contents: the `@epic/site-templates` package). Offered on every plan.
 */
export const PROJECT_TEMPLATES = ['blank', 'blog', 'company', 'catalogue'] as const;
export const projectTemplateSchema = z.enum(PROJECT_TEMPLATES);
export type ProjectTemplate = z.infer<typeof projectTemplateSchema>;

/**
 * `GET /projects`, `GET /projects/{id}`, and the answer of `POST` and `PATCH`. Credentials are
 * never part of it: they come from their own route.
 */
export const projectSchema = z.object({
	id: z.string(),
	name: z.string(),
	description: z.string().nullable().default(null),
	/** The site lives at `{subdomain}.{PUBLIC_HOST}`; always lower-case. */
	subdomain: z.string(),
	/** Custom domain in ASCII (punycode), without a trailing dot; null when none. */
	domain: z.string().nullable().default(null),
	/**
	 * When a DNS check found the custom domain pointing at the platform and the router started
	 * serving it; null while it is not served (assigned but not yet verified, or dropped after
	 * failing its re-checks for a day).
	 */
	domain_verified_at: z.string().nullable().default(null),
	/** Failed re-checks in a row of the served custom domain (after three over a day it is dropped). */
	domain_failed_checks: z.number().default(0),
	/**
	 * The TXT record value that proves the owner controls a custom domain, to be put at
	 * `domainProofRecordName(domain)`; the project's own, the same for any domain it is given.
	 */
	domain_proof_value: z.string().nullable().default(null),
	/** Origins whose pages may call the CMS from the browser (CORS); see `normalizeCorsOrigin`. */
	cors_origins: z.array(z.string()).default([]),
	/** The project this one is a copy of (docs/product.md, Copies), or null; it may since have been deleted. */
	copy_of: z.string().nullable().default(null),
	/**
	 * Whether the owner has given a Directus licence key for the site (docs/product.md, Directus
	 * tier). The key itself is never in any answer, not even masked.
	 */
	licence_key_set: z.boolean().default(false),
	/** A `ProjectStatus`, or any other text: the portal reads statuses case-insensitively. */
	status: z.string(),
	steps: z.array(projectStepSchema),
	/** Why provisioning failed, when it did. */
	failure_reason: z.string().nullable().default(null),
	/**
	 * Once the site is open (published or active): `{scheme}://{domain}` when its custom domain is
	 * served, else `{scheme}://{subdomain}.{PUBLIC_HOST}`; null before.
	 */
	url: z.string().nullable().default(null),
	/** The site's Directus admin app (`{url}/admin`), once open, else null. */
	admin_url: z.string().nullable().default(null),
	date_created: z.string().nullable().default(null),
	date_updated: z.string().nullable().default(null),
	/** The starter the site was created from (`PROJECT_TEMPLATES`); `blank` for none. */
	template: projectTemplateSchema.default('blank'),
});
export type Project = z.infer<typeof projectSchema>;

/** `GET /projects`: the caller's projects, oldest first. */
export const projectListSchema = z.array(projectSchema);

/** `POST /projects` body. */
export interface ProjectCreateRequest {
	name: string;
	description?: string | null;
	subdomain: string;
	/** `blank` when left out. */
	template?: ProjectTemplate;
}

/** `PATCH /projects/{id}` body: at least one field; `domain: null` or `""` removes the custom domain. */
/**
 * `POST /projects/{id}/duplicate`: a new project (its own name and subdomain, counted against the
 * plan like any) with the data of a backup of project `id`: `backup_id`, or without it the newest
 * backup, taken first if the project has none (docs/product.md, Copies).
 */
export interface ProjectDuplicateRequest extends ProjectCreateRequest {
	backup_id?: string | null;
}

export interface ProjectUpdateRequest {
	name?: string;
	description?: string | null;
	domain?: string | null;
	/** Replaces the list; each entry must pass `normalizeCorsOrigin`, at most `CORS_ORIGINS_MAX`. */
	cors_origins?: string[];
}

/** `PUT /projects/{id}/licence` body: the key as Directus gave it (see `normalizeLicenceKey`). */
export interface ProjectLicenceRequest {
	key: string;
}

/** A count: a whole number, never negative. */
const count = z.number().int().nonnegative();

/** `GET /projects/{id}/logs` (and each `lines` event of `/logs/stream`): the site's log, masked. */
export const projectLogChunkSchema = z.object({
	lines: z.array(z.string()),
	/** Pass it back as `?after=` to read what follows. */
	offset: count,
});
export type ProjectLogChunk = z.infer<typeof projectLogChunkSchema>;

/** Longest project name the server accepts. */
export const PROJECT_NAME_MAX_LENGTH = 100;
/** Longest description the server accepts. */
export const PROJECT_DESCRIPTION_MAX_LENGTH = 1000;
/** A DNS label: 1 to 63 characters. */
export const SUBDOMAIN_MAX_LENGTH = 63;
/**
 * Letters, digits and hyphens, starting and ending with a letter or digit (tested after
 * lower-casing; the server stores the subdomain lower-case).
 */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Error codes the projects routes answer with, besides `INVALID_PAYLOAD` and `NOT_AUTHENTICATED`. */
export const PROJECT_ERROR_CODES = [
	'PROJECT_NOT_FOUND',
	'SUBDOMAIN_TAKEN',
	/** Too many project creations, deletions, domain changes or restores by one account in an hour. */
	'ACTION_LIMIT_REACHED',
	'SUBSCRIPTION_REQUIRED',
	'PROJECT_LIMIT_REACHED',
	'PROJECT_NOT_READY',
] as const;
export type ProjectErrorCode = (typeof PROJECT_ERROR_CODES)[number];

/** Days in each usage window: the last 30 UTC days (today included), and the 30 before them. */
export const USAGE_WINDOW_DAYS = 30;

/** Requests the router served for a site on one UTC day (`YYYY-MM-DD`). */
export const dailyRequestsSchema = z.object({
	day: z.string(),
	requests: count,
});
export type DailyRequests = z.infer<typeof dailyRequestsSchema>;

/** Requests in the last 30 days against the 30 before them. */
export const usageFiguresSchema = z.object({
	requests: count,
	previous_requests: count,
	/** `(requests - previous_requests) / previous_requests` in percent, one decimal; null when the previous period had none. */
	change_percent: z.number().nullable(),
});
export type UsageFigures = z.infer<typeof usageFiguresSchema>;

export const projectUsageSchema = usageFiguresSchema.extend({
	id: z.string(),
	/** One entry per day of the last 30, oldest first, 0 on days without requests. */
	daily: z.array(dailyRequestsSchema),
});
export type ProjectUsage = z.infer<typeof projectUsageSchema>;

/**
 * `GET /projects/usage`: the caller's own projects, counted by the runtime's router (every request to
 * a site's address that the router passes on or wakes it for; not the suspended or stopped pages).
 * `available: false` when no runtime is configured or it did not answer: then there are no figures,
 * never zeros in their place.
 */
export const projectsUsageSchema = z.discriminatedUnion('available', [
	z.object({
		available: z.literal(true),
		/** First and last day of the last 30 (UTC, inclusive). */
		from: z.string(),
		to: z.string(),
		total: usageFiguresSchema,
		/** The caller's projects, oldest first. */
		projects: z.array(projectUsageSchema),
	}),
	z.object({ available: z.literal(false), reason: z.enum(['not_configured', 'unreachable']) }),
]);
export type ProjectsUsage = z.infer<typeof projectsUsageSchema>;

/** Why `GET /projects/{id}/storage` has no figures. */
export const storageUnavailableReasonSchema = z.enum([
	/** The control plane runs without a runtime: nothing is measured. */
	'not_configured',
	/** The runtime did not answer in time. */
	'unreachable',
	/** The project has no site yet (draft, being set up, or failed), or no longer has one. */
	'not_provisioned',
]);
export type StorageUnavailableReason = z.infer<typeof storageUnavailableReasonSchema>;

/**
 * `GET /projects/{id}/storage`, to the project's owner (and staff): what its site stores, as the
 * runtime measures it for the quota (uploads, database and log), against the quota the runtime
 * enforces for it (the plan's `site_storage_quota_mb`). Once `full`, the site refuses uploads
 * (`507 STORAGE_FULL`) until files are deleted or the plan allows more. Never zeros in place of
 * figures the platform could not read.
 */
export const projectStorageSchema = z.discriminatedUnion('available', [
	z.object({
		available: z.literal(true),
		used_bytes: count,
		/**
		 * Null when the site has no quota from its plan: the runtime's own default
		 * (`SITE_STORAGE_QUOTA_MB`, none unless set) then applies, which the control plane cannot see.
		 */
		quota_bytes: count.nullable(),
		/** `used_bytes >= quota_bytes`: uploads are refused. */
		full: z.boolean(),
	}),
	z.object({ available: z.literal(false), reason: storageUnavailableReasonSchema }),
]);
export type ProjectStorage = z.infer<typeof projectStorageSchema>;

/** One of the Directus tier's limits and the site's use of it (`limit` null: no limit; `used` null: not reported). */
export const tierFigureSchema = z.object({
	used: count.nullable(),
	limit: count.nullable(),
});
export type TierFigure = z.infer<typeof tierFigureSchema>;

/** Why a project's tier cannot be shown now. */
export const TIER_UNAVAILABLE_REASONS = ['not_configured', 'not_provisioned', 'not_running', 'unreachable'] as const;
export type TierUnavailableReason = (typeof TIER_UNAVAILABLE_REASONS)[number];

/**
 * `GET /projects/{id}/tier` (docs/product.md, Directus tier): the site's Directus licence and its use
 * as the site itself reports it (Studio seats, collections, active flows), or why it cannot be read.
 */
export const projectTierSchema = z.discriminatedUnion('available', [
	z.object({
		available: z.literal(true),
		/** The licence's name, "Core" without a key. */
		name: z.string().nullable(),
		/** Directus's licence status: "active", or "grace" / "locked" past a limit. */
		status: z.string().nullable(),
		seats: tierFigureSchema,
		collections: tierFigureSchema,
		flows: tierFigureSchema,
		custom_permission_rules: z.boolean(),
	}),
	z.object({ available: z.literal(false), reason: z.enum(TIER_UNAVAILABLE_REASONS) }),
]);
export type ProjectTier = z.infer<typeof projectTierSchema>;
