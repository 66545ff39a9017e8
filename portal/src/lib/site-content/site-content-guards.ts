import type { LegalPage, Promotion, SiteContent, TeamMember, Testimonial, TimelineEntry } from '@epic/platform-api';
import { SITE_CONTENT_LANGUAGES } from '@epic/platform-api';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isText = (value: unknown): value is string => typeof value === 'string';
const isOptionalText = (value: unknown): value is string | null => value === null || typeof value === 'string';
const isLanguage = (value: unknown): boolean => (SITE_CONTENT_LANGUAGES as readonly unknown[]).includes(value);
const isItem = (value: unknown): value is Record<string, unknown> => isRecord(value) && typeof value.id === 'number' && isLanguage(value.language);

const isTestimonial = (value: unknown): value is Testimonial =>
  isItem(value) && isText(value.quote) && isText(value.author_name) && isOptionalText(value.author_role);

const isPromotion = (value: unknown): value is Promotion =>
  isItem(value) && isText(value.title) && isText(value.text) && isText(value.ends_at) && !Number.isNaN(Date.parse(value.ends_at));

const isTimelineEntry = (value: unknown): value is TimelineEntry =>
  isItem(value) && typeof value.year === 'number' && isText(value.title) && isOptionalText(value.text);

const isTeamMember = (value: unknown): value is TeamMember =>
  isItem(value) && isText(value.name) && isText(value.role) && isOptionalText(value.bio) && isOptionalText(value.photo_url);

/** Structural check, so a malformed answer becomes an error state instead of a crash. */
export function isSiteContent(value: unknown): value is SiteContent {
  return (
    isRecord(value) &&
    Array.isArray(value.testimonials) && value.testimonials.every(isTestimonial) &&
    (value.promotion === null || isPromotion(value.promotion)) &&
    Array.isArray(value.timeline) && value.timeline.every(isTimelineEntry) &&
    Array.isArray(value.team) && value.team.every(isTeamMember)
  );
}

export function isLegalPage(value: unknown): value is LegalPage {
  return (
    isRecord(value) && isText(value.slug) && isLanguage(value.language) && isText(value.title) && isText(value.body) &&
    isOptionalText(value.updated_at)
  );
}
