/**
 * The site content staff edit in Studio (docs/product.md, Site content), as the public
 * `/site-content` endpoint answers it: published items only, in the asked language, or in English
 * where that language has none.
 */
import { z } from 'zod';
import { openEnum } from './open-enum.ts';

/** Languages site content is written in. */
export const SITE_CONTENT_LANGUAGES = ['en', 'es', 'ru'] as const;
export type SiteContentLanguage = (typeof SITE_CONTENT_LANGUAGES)[number];

/** The pages `GET /site-content/pages/:slug` serves, at `/privacy` and `/terms` in the portal. */
export const LEGAL_PAGE_SLUGS = ['privacy', 'terms'] as const;
export type LegalPageSlug = (typeof LEGAL_PAGE_SLUGS)[number];

/** Every item says which language it is written in: English where the asked language had none. */
const inLanguage = z.object({
	language: z.enum(SITE_CONTENT_LANGUAGES),
});

/** `GET /site-content/pages/:slug?lang=`. */
export const legalPageSchema = inLanguage.extend({
	/** Read as any text: the page shows itself under the slug it asked for, not this one. */
	slug: openEnum(LEGAL_PAGE_SLUGS),
	title: z.string(),
	/** Markdown: headings, paragraphs, lists, bold, italic, code and links. Rendered as text, never as HTML. */
	body: z.string(),
	/** ISO 8601; when staff last changed the text. */
	updated_at: z.string().nullable(),
});
export type LegalPage = z.infer<typeof legalPageSchema>;

/** A published item of a list: its id, and its language. */
const item = inLanguage.extend({
	id: z.number(),
});

export const testimonialSchema = item.extend({
	quote: z.string(),
	author_name: z.string(),
	/** Role and company, e.g. "Editor, Acme". */
	author_role: z.string().nullable(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

/** A current offer; `ends_at` (ISO 8601) is always in the future when it is answered. */
export const promotionSchema = item.extend({
	title: z.string(),
	text: z.string(),
	/** Must read as a date: the landing page counts down to it. */
	ends_at: z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'must be a date'),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const timelineEntrySchema = item.extend({
	year: z.number(),
	title: z.string(),
	text: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const teamMemberSchema = item.extend({
	name: z.string(),
	role: z.string(),
	bio: z.string().nullable(),
	/** Path of the member's photo (`/site-content/team/:id/photo?v=…`, a square WebP), or null. */
	photo_url: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/**
 * `GET /site-content?lang=`: what the landing, audience and About pages show. Lists are empty and
 * `promotion` is null until staff publish something; the pages then leave those sections out.
 */
export const siteContentSchema = z.object({
	testimonials: z.array(testimonialSchema),
	promotion: promotionSchema.nullable(),
	timeline: z.array(timelineEntrySchema),
	team: z.array(teamMemberSchema),
});
export type SiteContent = z.infer<typeof siteContentSchema>;

/** Error codes of `/site-content`. */
export const SITE_CONTENT_ERROR_CODES = {
	/** `?lang=` is not one of SITE_CONTENT_LANGUAGES (400). */
	invalidLanguage: 'INVALID_LANGUAGE',
	/** No such page, or none published (404). */
	pageNotFound: 'PAGE_NOT_FOUND',
	/** No such team member, none published, or no photo (404). */
	photoNotFound: 'PHOTO_NOT_FOUND',
} as const;
