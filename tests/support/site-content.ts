/**
 * Site content as staff make it: items created, changed and deleted in the `site_*` collections
 * with the administrator's token, through Directus's own items API (what Studio calls).
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { adminToken, api, controlPlane } from './api.ts';

export type SiteCollection = 'site_pages' | 'site_testimonials' | 'site_promotions' | 'site_timeline' | 'site_team_members';

/** A word no text of the product contains, to find one item's text on a page or in an answer. */
export const uniqueWord = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

export class StaffEditor {
	private readonly created: { collection: SiteCollection; id: number }[] = [];

	private readonly token: string;

	private constructor(token: string) {
		this.token = token;
	}

	static async signIn(): Promise<StaffEditor> {
		return new StaffEditor(await adminToken());
	}

	async create<T extends Record<string, unknown>>(collection: SiteCollection, item: T): Promise<T & { id: number }> {
		const answer = await api<{ data: T & { id: number } }>('POST', `/items/${collection}`, { token: this.token, body: item });
		expect(answer.status, JSON.stringify(answer.body)).toBe(200);
		this.created.push({ collection, id: answer.body.data.id });
		return answer.body.data;
	}

	async update(collection: SiteCollection, id: number, changes: Record<string, unknown>): Promise<void> {
		const answer = await api('PATCH', `/items/${collection}/${id}`, { token: this.token, body: changes });
		expect(answer.status, JSON.stringify(answer.body)).toBe(200);
	}

	async read<T = Record<string, unknown>>(collection: SiteCollection, query: string): Promise<T[]> {
		const answer = await api<{ data: T[] }>('GET', `/items/${collection}?${query}`, { token: this.token });
		expect(answer.status, JSON.stringify(answer.body)).toBe(200);
		return answer.body.data;
	}

	/** The seeded legal page of one slug and language (migration I). */
	async legalPage(slug: 'privacy' | 'terms', language: 'en' | 'es' | 'ru'): Promise<{ id: number; title: string; body: string; status: string }> {
		const [page] = await this.read<{ id: number; title: string; body: string; status: string }>(
			'site_pages',
			`filter[slug][_eq]=${slug}&filter[language][_eq]=${language}&sort=id&limit=1&fields=id,title,body,status`,
		);
		expect(page, `${slug} ${language}`).toBeDefined();
		return page!;
	}

	/** An image uploaded to the file library, as staff do before picking it as a photo. */
	async uploadImage(name: string, png: Buffer): Promise<string> {
		const form = new FormData();
		form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
		const upload = await fetch(`${controlPlane().url}/files`, { method: 'POST', headers: { authorization: `Bearer ${this.token}` }, body: form });
		const uploaded = (await upload.json()) as { data?: { id?: string } };
		expect(upload.status, JSON.stringify(uploaded)).toBe(200);
		return uploaded.data!.id!;
	}

	/** Deletes every item this editor created, newest first. */
	async deleteCreated(): Promise<void> {
		for (const { collection, id } of this.created.splice(0).reverse()) {
			const answer = await api('DELETE', `/items/${collection}/${id}`, { token: this.token });
			expect(answer.status, `${collection} ${id}`).toBe(204);
		}
	}
}
