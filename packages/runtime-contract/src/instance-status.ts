/** What the runtime answers about one instance, and the states an instance moves through. */
import type { SiteResources } from './schemas.ts';
import type { UpgradeFailure } from './upgrades.ts';

export type InstanceState = 'creating' | 'starting' | 'running' | 'restarting' | 'stopping' | 'sleeping' | 'stopped' | 'suspended';

export interface InstanceStatus {
	projectId: string;
	state: InstanceState;
	subdomain: string | null;
	domains: string[];
	/** Origins whose pages may call the site from the browser (the router answers CORS for them). */
	corsOrigins: string[];
	/** Where the instance listens on its host, for diagnostics; null while it does not run. */
	port: number | null;
	pid: number | null;
	/** The site URL the running process knows (Directus reads it at start); null until it has one. */
	publicUrl: string | null;
	createdAt: string;
	lastRequestAt: string | null;
	memoryBytes: number | null;
	/** Only on single-instance reads: measuring every folder for a list would be slow. */
	diskBytes?: number;
	restarts: number;
	lastError: string | null;
	/** The Directus version the site's database was last migrated with (see POST /instances/{id}/upgrade). */
	directusVersion: string;
	/** Why the site's last upgrade failed, for staff; null once an upgrade succeeds. */
	upgradeFailure: UpgradeFailure | null;
	/** While sleeping: how (paused in memory, checkpointed to disk by CRIU, or stopped). */
	sleepTier?: SleepTier;
	/** The plan's limits the last ensure asked for; absent, the runtime's defaults apply. */
	resources?: SiteResources;
	/** The site's mail this clock hour (absent where sites send no mail). */
	mail?: SiteMailStatus;
	/** Only on the ensure that created the instance: handed out from the warm pool, or cloned. */
	source?: 'warm-pool' | 'cold';
}

/** A site's mail through the platform's relay, this clock hour (UTC). */
export interface SiteMailStatus {
	/** Emails sent this hour; each recipient counts as one. */
	sentThisHour: number;
	limitPerHour: number;
	/** When this hour's first send over the limit was refused; null while none was. */
	limitReachedAt: string | null;
}

/** One of a Directus tier's limits and the site's use of it. */
export interface TierFigure {
	/** Null where the site did not say. */
	used: number | null;
	/** Null when the tier sets no limit. */
	limit: number | null;
}

/** GET /instances/:id/tier: the site's Directus tier, as the site's own GET /license reports it. */
export interface SiteTier {
	/** The licence's name (e.g. "Core"); null when the site gives none. */
	name: string | null;
	/** Directus's licence status (e.g. "active", "grace", "locked"). */
	status: string | null;
	/** Studio seats: active users with admin or app access. */
	seats: TierFigure;
	collections: TierFigure;
	/** Active flows. */
	flows: TierFigure;
	/** Whether the tier allows permission rules beyond whole collections (item filters, field subsets). */
	customPermissionRules: boolean;
}

/** Lines of a site's log (GET /instances/:id/logs, and each event of its stream), masked for its owner. */
export interface SiteLogChunk {
	lines: string[];
	/** Pass it back as `after` to read what comes next. */
	offset: number;
}

/** Requests served for one project on one UTC day (`YYYY-MM-DD`). */
export interface DailyUsage {
	projectId: string;
	day: string;
	requests: number;
}

export interface PoolStatus {
	available: number;
}

/** How a sleeping site sleeps, from the fastest wake to the slowest: see docs/architecture.md. */
export type SleepTier = 'paused' | 'checkpointed' | 'stopped';

/** Whether this machine can checkpoint sites (CRIU), decided when the runtime starts. */
export interface CheckpointSupport {
	available: boolean;
	/** Why not, when not available. */
	reason: string | null;
	criuVersion: string | null;
}

export interface SleepTiersStatus {
	checkpoint: CheckpointSupport;
	paused: number;
	checkpointed: number;
	/** Disk the checkpoint images take, against CHECKPOINT_DISK_LIMIT_MB. */
	imageBytes: number;
}
