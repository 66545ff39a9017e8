/**
 * Published rows of the site-content collections as the API answers them: only the fields the
 * pages show, never the status, sort or anything staff keep for themselves.
 */
import type { LegalPage, LegalPageSlug, Promotion, SiteContentLanguage, TeamMember, Testimonial, TimelineEntry } from '@epic/platform-api';
import { fromDbTimestamp } from '../database/db-values.ts';

type Row = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const optionalText = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const language = (row: Row) => row['language'] as SiteContentLanguage;

export const TESTIMONIAL_COLUMNS = ['id', 'language', 'quote', 'author_name', 'author_role'];
export function toTestimonial(row: Row): Testimonial {
	return { id: Number(row['id']), language: language(row), quote: text(row['quote']), author_name: text(row['author_name']), author_role: optionalText(row['author_role']) };
}

export const PROMOTION_COLUMNS = ['id', 'language', 'title', 'text', 'ends_at'];
export function toPromotion(row: Row): Promotion {
	return { id: Number(row['id']), language: language(row), title: text(row['title']), text: text(row['text']), ends_at: fromDbTimestamp(row['ends_at']) ?? '' };
}

export const TIMELINE_COLUMNS = ['id', 'language', 'year', 'title', 'text'];
export function toTimelineEntry(row: Row): TimelineEntry {
	return { id: Number(row['id']), language: language(row), year: Number(row['year']), title: text(row['title']), text: optionalText(row['text']) };
}

export const TEAM_COLUMNS = ['id', 'language', 'name', 'role', 'bio', 'photo'];
export function toTeamMember(row: Row): TeamMember {
	const id = Number(row['id']);
	// The file id busts caches: a new photo is a new address.
	const photo = optionalText(row['photo']);
	return {
		id,
		language: language(row),
		name: text(row['name']),
		role: text(row['role']),
		bio: optionalText(row['bio']),
		photo_url: photo ? `/site-content/team/${id}/photo?v=${encodeURIComponent(photo)}` : null,
	};
}

export const LEGAL_PAGE_COLUMNS = ['slug', 'language', 'title', 'body', 'date_created', 'date_updated'];
export function toLegalPage(row: Row): LegalPage {
	return {
		slug: row['slug'] as LegalPageSlug,
		language: language(row),
		title: text(row['title']),
		body: text(row['body']),
		// Directus sets `date_updated` on the first change only: until then the page was last saved when made.
		updated_at: fromDbTimestamp(row['date_updated']) ?? fromDbTimestamp(row['date_created']),
	};
}
