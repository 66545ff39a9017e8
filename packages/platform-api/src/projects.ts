/**
 * The projects API (`/projects/*`) as the bundle answers it and the portal reads it
 * (docs/product.md, Projects API). Every answer is wrapped as `{ data: … }`; failures are
 * `{ errors: [{ message, extensions: { code } }] }`.
 */

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
export type ProjectStepState = 'pending' | 'in_progress' | 'complete' | 'failed' | 'skipped';

/** One step of provisioning as it really happened; the setup screen shows these. */
export interface ProjectStep {
	name: ProjectStepName;
	state: ProjectStepState;
	/** ISO timestamps; null until the step starts or ends. */
	started_at: string | null;
	finished_at: string | null;
	/** What happened, in English, e.g. "Handed out from the warm pool" or why it failed. */
	detail: string | null;
}

/** `GET /projects/{id}/credentials`: to the owner only, once the project is `published`. */
export interface ProjectCredentials {
	admin_email: string;
	admin_password: string;
}

/**
 * `GET /projects`, `GET /projects/{id}`, and the answer of `POST` and `PATCH`. Credentials are
 * never part of it: they come from their own route.
 */
export interface Project {
	id: string;
	name: string;
	description: string | null;
	/** The site lives at `{subdomain}.{PUBLIC_HOST}`; always lower-case. */
	subdomain: string;
	/** Custom domain in ASCII (punycode), without a trailing dot; null when none. */
	domain: string | null;
	/**
	 * When a DNS check found the custom domain pointing at the platform and the router started
	 * serving it; null while it is not served (assigned but not yet verified, or dropped after
	 * failing its re-checks for a day).
	 */
	domain_verified_at: string | null;
	/** Failed re-checks in a row of the served custom domain (after three over a day it is dropped). */
	domain_failed_checks: number;
	/**
	 * The TXT record value that proves the owner controls a custom domain, to be put at
	 * `domainProofRecordName(domain)`; the project's own, the same for any domain it is given.
	 */
	domain_proof_value: string | null;
	/** Origins whose pages may call the CMS from the browser (CORS); see `normalizeCorsOrigin`. */
	cors_origins: string[];
	/** The project this one is a copy of (docs/product.md, Copies), or null; it may since have been deleted. */
	copy_of: string | null;
	/**
	 * Whether the owner has given a Directus licence key for the site (docs/product.md, Directus
	 * tier). The key itself is never in any answer, not even masked.
	 */
	licence_key_set: boolean;
	status: ProjectStatus | string;
	steps: ProjectStep[];
	/** Why provisioning failed, when it did. */
	failure_reason: string | null;
	/**
	 * Once the site is open (published or active): `{scheme}://{domain}` when its custom domain is
	 * served, else `{scheme}://{subdomain}.{PUBLIC_HOST}`; null before.
	 */
	url: string | null;
	/** The site's Directus admin app (`{url}/admin`), once open, else null. */
	admin_url: string | null;
	date_created: string | null;
	date_updated: string | null;
	/** The starter the site was created from (`PROJECT_TEMPLATES`); `blank` for none. */
	template: ProjectTemplate;
}

/**
 * The starters a project can be created from (docs/product.md, Templates): `blank` adds nothing;
 * each other one adds its collections, sample content and roles to the site at provisioning
 * (their contents: the `@epic/site-templates` package). Offered on every plan.
 */
export const PROJECT_TEMPLATES = ['blank', 'blog', 'company', 'catalogue'] as const;
export type ProjectTemplate = (typeof PROJECT_TEMPLATES)[number];

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

/** `GET /projects/{id}/logs` (and each `lines` event of `/logs/stream`): the site's log, masked. */
export interface ProjectLogChunk {
	lines: string[];
	/** Pass it back as `?after=` to read what follows. */
	offset: number;
}

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
export interface DailyRequests {
	day: string;
	requests: number;
}

/** Requests in the last 30 days against the 30 before them. */
export interface UsageFigures {
	requests: number;
	previous_requests: number;
	/** `(requests - previous_requests) / previous_requests` in percent, one decimal; null when the previous period had none. */
	change_percent: number | null;
}

export interface ProjectUsage extends UsageFigures {
	id: string;
	/** One entry per day of the last 30, oldest first, 0 on days without requests. */
	daily: DailyRequests[];
}

/**
 * `GET /projects/usage`: the caller's own projects, counted by the runtime's router (every request to
 * a site's address that the router passes on or wakes it for; not the suspended or stopped pages).
 * `available: false` when no runtime is configured or it did not answer: then there are no figures,
 * never zeros in their place.
 */
export type ProjectsUsage =
	| {
			available: true;
			/** First and last day of the last 30 (UTC, inclusive). */
			from: string;
			to: string;
			total: UsageFigures;
			/** The caller's projects, oldest first. */
			projects: ProjectUsage[];
	  }
	| { available: false; reason: 'not_configured' | 'unreachable' };

/** Why `GET /projects/{id}/storage` has no figures. */
export type StorageUnavailableReason =
	/** The control plane runs without a runtime: nothing is measured. */
	| 'not_configured'
	/** The runtime did not answer in time. */
	| 'unreachable'
	/** The project has no site yet (draft, being set up, or failed), or no longer has one. */
	| 'not_provisioned';

/**
 * `GET /projects/{id}/storage`, to the project's owner (and staff): what its site stores, as the
 * runtime measures it for the quota (uploads, database and log), against the quota the runtime
 * enforces for it (the plan's `site_storage_quota_mb`). Once `full`, the site refuses uploads
 * (`507 STORAGE_FULL`) until files are deleted or the plan allows more. Never zeros in place of
 * figures the platform could not read.
 */
export type ProjectStorage =
	| {
			available: true;
			used_bytes: number;
			/**
			 * Null when the site has no quota from its plan: the runtime's own default
			 * (`SITE_STORAGE_QUOTA_MB`, none unless set) then applies, which the control plane cannot see.
			 */
			quota_bytes: number | null;
			/** `used_bytes >= quota_bytes`: uploads are refused. */
			full: boolean;
	  }
	| { available: false; reason: StorageUnavailableReason };

/** One of the Directus tier's limits and the site's use of it (`limit` null: no limit; `used` null: not reported). */
export interface TierFigure {
	used: number | null;
	limit: number | null;
}

/** Why a project's tier cannot be shown now. */
export const TIER_UNAVAILABLE_REASONS = ['not_configured', 'not_provisioned', 'not_running', 'unreachable'] as const;
export type TierUnavailableReason = (typeof TIER_UNAVAILABLE_REASONS)[number];

/**
 * `GET /projects/{id}/tier` (docs/product.md, Directus tier): the site's Directus licence and its use
 * as the site itself reports it (Studio seats, collections, active flows), or why it cannot be read.
 */
export type ProjectTier =
	| {
			available: true;
			/** The licence's name, "Core" without a key. */
			name: string | null;
			/** Directus's licence status: "active", or "grace" / "locked" past a limit. */
			status: string | null;
			seats: TierFigure;
			collections: TierFigure;
			flows: TierFigure;
			custom_permission_rules: boolean;
	  }
	| { available: false; reason: TierUnavailableReason };
