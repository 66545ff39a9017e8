/**
 * Reads the published site content (docs/product.md, Site content) with knex, as the system: the
 * collections have no public or customer permission, and this is the only way visitors reach them.
 * Each query asks for published rows of the asked language and English only.
 */
import type { Knex } from 'knex';
import { LEGAL_PAGE_SLUGS, type LegalPage, type Promotion, type SiteContent, type SiteContentLanguage } from '@epic/platform-api';
import { toDbTimestamp } from '../database/db-values.ts';
import { PageNotFoundError } from '../errors.ts';
import { inLanguageOrEnglish } from './in-language.ts';
import {
	LEGAL_PAGE_COLUMNS,
	PROMOTION_COLUMNS,
	TEAM_COLUMNS,
	TESTIMONIAL_COLUMNS,
	TIMELINE_COLUMNS,
	toLegalPage,
	toPromotion,
	toTeamMember,
	toTestimonial,
	toTimelineEntry,
} from './site-content-rows.ts';

const PUBLISHED = 'published';

function published(database: Knex, table: string, columns: string[], language: SiteContentLanguage) {
	return database(table)
		.select(columns)
		.where({ status: PUBLISHED })
		.whereIn('language', [...new Set([language, 'en'])]);
}

/**
 * Staff's order (Studio's drag and drop fills `sort`), items never sorted coming last, then oldest
 * first. Written out because knex's `nulls: 'last'` drops the column itself on SQLite.
 */
const STAFF_ORDER = '("sort" is null), "sort", "id"';

/** The current offer: of those not yet ended, the one that ends first. */
async function currentPromotion(database: Knex, language: SiteContentLanguage, now: Date): Promise<Promotion | null> {
	const rows = await published(database, 'site_promotions', PROMOTION_COLUMNS, language)
		.where('ends_at', '>', toDbTimestamp(database, now))
		.orderBy([{ column: 'ends_at' }, { column: 'id' }]);
	return inLanguageOrEnglish(rows.map(toPromotion), language)[0] ?? null;
}

export async function readSiteContent(database: Knex, language: SiteContentLanguage, now: Date): Promise<SiteContent> {
	const [testimonials, promotion, timeline, team] = await Promise.all([
		published(database, 'site_testimonials', TESTIMONIAL_COLUMNS, language).orderByRaw(STAFF_ORDER),
		currentPromotion(database, language, now),
		published(database, 'site_timeline', TIMELINE_COLUMNS, language).orderByRaw(`"year", ${STAFF_ORDER}`),
		published(database, 'site_team_members', TEAM_COLUMNS, language).orderByRaw(STAFF_ORDER),
	]);
	return {
		testimonials: inLanguageOrEnglish(testimonials.map(toTestimonial), language),
		promotion,
		timeline: inLanguageOrEnglish(timeline.map(toTimelineEntry), language),
		team: inLanguageOrEnglish(team.map(toTeamMember), language),
	};
}

const isLegalPageSlug = (slug: string): boolean => (LEGAL_PAGE_SLUGS as readonly string[]).includes(slug);

/** A slug we do not serve answers like one with nothing published: 404, naming the pages there are. */
export async function readLegalPage(database: Knex, slug: string, language: SiteContentLanguage): Promise<LegalPage> {
	const notFound = new PageNotFoundError({ slug: slug.slice(0, 60), pages: LEGAL_PAGE_SLUGS.join(', ') });
	if (!isLegalPageSlug(slug)) throw notFound;
	// Two published texts of one page and language: the one staff saved last.
	const rows = await published(database, 'site_pages', LEGAL_PAGE_COLUMNS, language).where({ slug }).orderByRaw('coalesce("date_updated", "date_created") desc, "id" desc');
	const page = inLanguageOrEnglish(rows.map(toLegalPage), language)[0];
	if (!page) throw notFound;
	return page;
}
