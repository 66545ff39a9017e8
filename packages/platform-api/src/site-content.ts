/**
 * The site content staff edit in Studio (docs/product.md, Site content), as the public
 * `/site-content` endpoint answers it: published items only, in the asked language, or in English
 * where that language has none.
 */

/** Languages site content is written in. */
export const SITE_CONTENT_LANGUAGES = ['en', 'es', 'ru'] as const;
export type SiteContentLanguage = (typeof SITE_CONTENT_LANGUAGES)[number];

/** The pages `GET /site-content/pages/:slug` serves, at `/privacy` and `/terms` in the portal. */
export const LEGAL_PAGE_SLUGS = ['privacy', 'terms'] as const;
export type LegalPageSlug = (typeof LEGAL_PAGE_SLUGS)[number];

/** Every item says which language it is written in: English where the asked language had none. */
interface InLanguage {
	language: SiteContentLanguage;
}

/** `GET /site-content/pages/:slug?lang=`. */
export interface LegalPage extends InLanguage {
	slug: LegalPageSlug;
	title: string;
	/** Markdown: headings, paragraphs, lists, bold, italic, code and links. Rendered as text, never as HTML. */
	body: string;
	/** ISO 8601; when staff last changed the text. */
	updated_at: string | null;
}

export interface Testimonial extends InLanguage {
	id: number;
	quote: string;
	author_name: string;
	/** Role and company, e.g. "Editor, Acme". */
	author_role: string | null;
}

/** A current offer; `ends_at` (ISO 8601) is always in the future when it is answered. */
export interface Promotion extends InLanguage {
	id: number;
	title: string;
	text: string;
	ends_at: string;
}

export interface TimelineEntry extends InLanguage {
	id: number;
	year: number;
	title: string;
	text: string | null;
}

export interface TeamMember extends InLanguage {
	id: number;
	name: string;
	role: string;
	bio: string | null;
	/** Path of the member's photo (`/site-content/team/:id/photo?v=…`, a square WebP), or null. */
	photo_url: string | null;
}

/**
 * `GET /site-content?lang=`: what the landing, audience and About pages show. Lists are empty and
 * `promotion` is null until staff publish something; the pages then leave those sections out.
 */
export interface SiteContent {
	testimonials: Testimonial[];
	promotion: Promotion | null;
	timeline: TimelineEntry[];
	team: TeamMember[];
}

/** Error codes of `/site-content`. */
export const SITE_CONTENT_ERROR_CODES = {
	/** `?lang=` is not one of SITE_CONTENT_LANGUAGES (400). */
	invalidLanguage: 'INVALID_LANGUAGE',
	/** No such page, or none published (404). */
	pageNotFound: 'PAGE_NOT_FOUND',
	/** No such team member, none published, or no photo (404). */
	photoNotFound: 'PHOTO_NOT_FOUND',
} as const;
