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
