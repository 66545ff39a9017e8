import { describe, expect, it } from 'vitest';
import { isLegalPage, isSiteContent } from './site-content-guards';

const content = {
  testimonials: [{ id: 1, language: 'en', quote: 'Q', author_name: 'A', author_role: null }],
  promotion: { id: 2, language: 'es', title: 'T', text: 'X', ends_at: '2030-01-01T00:00:00.000Z' },
  timeline: [{ id: 3, language: 'en', year: 2024, title: 'T', text: null }],
  team: [{ id: 4, language: 'ru', name: 'N', role: 'R', bio: null, photo_url: '/site-content/team/4/photo?v=f' }],
};

describe('isSiteContent', () => {
  it('accepts the answer of GET /site-content, with or without a promotion', () => {
    expect(isSiteContent(content)).toBe(true);
    expect(isSiteContent({ testimonials: [], promotion: null, timeline: [], team: [] })).toBe(true);
  });

  it('refuses an answer with a malformed part', () => {
    expect(isSiteContent({ ...content, promotion: { ...content.promotion, ends_at: 'soon' } })).toBe(false);
    expect(isSiteContent({ ...content, team: [{ ...content.team[0], language: 'de' }] })).toBe(false);
    expect(isSiteContent({ ...content, timeline: undefined })).toBe(false);
    expect(isSiteContent(null)).toBe(false);
  });
});

describe('isLegalPage', () => {
  it('accepts a page and refuses one without a body', () => {
    const page = { slug: 'terms', language: 'en', title: 'Terms', body: '## Hi', updated_at: null };
    expect(isLegalPage(page)).toBe(true);
    expect(isLegalPage({ ...page, body: undefined })).toBe(false);
  });
});
