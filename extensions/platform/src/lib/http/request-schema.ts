import type { SchemaOverview } from '@directus/types';
import type { Request } from 'express';

/**
 * The schema Directus's middleware put on the request. Directus 12.4 hands out a deep copy of its
 * cached schema on every `getSchema()` call (CACHE_SCHEMA_FREEZE_ENABLED is off by default); a read
 * that asks again pays for a second copy, which cost as much CPU as the rest of `GET /projects`
 * (bench/projects.bench.ts). Undefined outside a request that went through that middleware.
 */
export function requestSchema(req: Request): SchemaOverview | undefined {
	return (req as Request & { schema?: SchemaOverview }).schema;
}
