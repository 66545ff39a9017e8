import { describe, expect, it } from 'vitest';
import { clearDetails, loadDetails, saveDetails, type DetailsStore } from './details-storage';

/** The Web Storage contract over a Map (Node has no sessionStorage). */
class MemoryStore implements DetailsStore {
	readonly items = new Map<string, string>();
	getItem(key: string) {
		return this.items.get(key) ?? null;
	}
	setItem(key: string, value: string) {
		this.items.set(key, String(value));
	}
	removeItem(key: string) {
		this.items.delete(key);
	}
}

const DETAILS = { name: 'Blog', description: 'About things', subdomain: 'my-blog', template: 'blog' as const };

describe('details kept across the payment', () => {
	it('reads back what was saved for the same customer only', () => {
		const store = new MemoryStore();
		expect(saveDetails(store, 'user-a', DETAILS)).toBe(true);
		expect(loadDetails(store, 'user-a')).toEqual(DETAILS);
		expect(loadDetails(store, 'user-b')).toBeNull();
	});

	it("keeps only the form's four fields", () => {
		const store = new MemoryStore();
		saveDetails(store, 'user-a', { ...DETAILS, extra: 'x' } as typeof DETAILS);
		expect(JSON.parse(store.items.get('epic-onboarding-details:user-a')!)).toEqual(DETAILS);
	});

	it('reads details kept before templates, or with a starter no longer offered, as Blank', () => {
		const store = new MemoryStore();
		store.setItem('epic-onboarding-details:user-a', JSON.stringify({ name: 'Blog', description: '', subdomain: 'blog' }));
		expect(loadDetails(store, 'user-a')?.template).toBe('blank');
		store.setItem('epic-onboarding-details:user-a', JSON.stringify({ name: 'Blog', description: '', subdomain: 'blog', template: 'wiki' }));
		expect(loadDetails(store, 'user-a')?.template).toBe('blank');
	});

	it('is gone once cleared', () => {
		const store = new MemoryStore();
		saveDetails(store, 'user-a', DETAILS);
		clearDetails(store, 'user-a');
		expect(loadDetails(store, 'user-a')).toBeNull();
	});

	it('drops unreadable values instead of inventing details', () => {
		const store = new MemoryStore();
		store.setItem('epic-onboarding-details:user-a', '{not json');
		expect(loadDetails(store, 'user-a')).toBeNull();
		expect(store.items.has('epic-onboarding-details:user-a')).toBe(false);
		store.setItem('epic-onboarding-details:user-a', JSON.stringify({ name: 'Blog', subdomain: 7 }));
		expect(loadDetails(store, 'user-a')).toBeNull();
	});

	it('reports a browser that refuses to store', () => {
		const refusing: DetailsStore = {
			getItem: () => null,
			setItem: () => {
				throw new DOMException('quota', 'QuotaExceededError');
			},
			removeItem: () => undefined,
		};
		expect(saveDetails(refusing, 'user-a', DETAILS)).toBe(false);
	});
});
