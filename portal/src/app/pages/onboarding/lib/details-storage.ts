import { PROJECT_TEMPLATES, type ProjectTemplate } from '@epic/platform-api';
import type { ProjectFormValues } from '../../../../features/projects';

/** The part of the Web Storage API the wizard uses (the page passes localStorage). */
export type DetailsStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Per customer, so another account signed in later in the same browser never gets them. Local
 * storage: the details survive the checkout's redirect, the wizard reopened in another tab and a
 * browser restart, until the project is created.
 */
const storageKey = (userId: string) => `epic-onboarding-details:${userId}`;

const isDetails = (value: unknown): value is ProjectFormValues =>
	typeof value === 'object' &&
	value !== null &&
	typeof (value as Record<string, unknown>).name === 'string' &&
	typeof (value as Record<string, unknown>).description === 'string' &&
	typeof (value as Record<string, unknown>).subdomain === 'string';

/** The starter kept with the details; Blank for details kept before templates, or an unknown name. */
const templateOf = (value: unknown): ProjectTemplate => ((PROJECT_TEMPLATES as readonly unknown[]).includes(value) ? (value as ProjectTemplate) : 'blank');

/** Keeps the details across the payment; false when the browser refused to store them. */
export function saveDetails(store: DetailsStore, userId: string, details: ProjectFormValues): boolean {
	try {
		const { name, description, subdomain, template } = details;
		store.setItem(storageKey(userId), JSON.stringify({ name, description, subdomain, template }));
		return true;
	} catch {
		return false;
	}
}

/** The details kept for this customer, or null (none, or unreadable: those are dropped). */
export function loadDetails(store: DetailsStore, userId: string): ProjectFormValues | null {
	let raw: string | null;
	try {
		raw = store.getItem(storageKey(userId));
	} catch {
		return null;
	}
	if (raw === null) return null;
	try {
		const parsed: unknown = JSON.parse(raw);
		if (isDetails(parsed))
			return { name: parsed.name, description: parsed.description, subdomain: parsed.subdomain, template: templateOf((parsed as { template?: unknown }).template) };
	} catch {
		// Not JSON: dropped below.
	}
	clearDetails(store, userId);
	return null;
}

/** Once the project exists, the details are no longer kept. */
export function clearDetails(store: DetailsStore, userId: string): void {
	try {
		store.removeItem(storageKey(userId));
	} catch {
		// Storage unavailable: there is nothing kept to remove.
	}
}
