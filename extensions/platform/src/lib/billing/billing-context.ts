import type { ApiExtensionContext } from '@directus/types';

/** Directus's event emitter, as far as billing uses it (the SDK types it `any`). */
export interface ActionEmitter {
	emitAction(event: string, payload: unknown, meta: Record<string, unknown>): void;
}

/** The parts of Directus's extension context that billing uses (endpoints and hooks both have them). */
export type BillingContext = Pick<ApiExtensionContext, 'services' | 'getSchema' | 'database' | 'logger' | 'env'> & {
	emitter: ActionEmitter;
};

/** Reads and writes a collection as the system: ownership is checked in code by the caller. */
export async function systemItems(context: Pick<BillingContext, 'services' | 'getSchema'>, collection: string) {
	const { ItemsService } = context.services;
	return new ItemsService(collection, { schema: await context.getSchema() });
}

/**
 * The same context with `getSchema` asked at most once. Directus hands every caller its own deep
 * copy of the schema (about 1.5 ms each here); one billing operation needs it for several services,
 * and it cannot change meaningfully within one operation.
 */
export function withSchemaOnce<T extends Pick<BillingContext, 'getSchema'>>(context: T): T {
	let schema: ReturnType<BillingContext['getSchema']> | null = null;
	return { ...context, getSchema: () => (schema ??= context.getSchema()) };
}
