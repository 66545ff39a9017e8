import { describe, expect, it } from 'vitest';
import { filterFaq } from './filter-faq';

const items = [
	{ id: 'a', question: 'How do I add a Custom Domain?', answer: 'Point an A record at us.' },
	{ id: 'b', question: 'How does billing work?', answer: 'Monthly, quarterly or yearly.' },
	{ id: 'c', question: '¿Cómo verifico mi correo?', answer: 'Abra el ENLACE del mensaje.' },
];

describe('filterFaq', () => {
	it('keeps everything for an empty or blank query', () => {
		expect(filterFaq(items, '')).toEqual(items);
		expect(filterFaq(items, '   ')).toEqual(items);
	});

	it('matches the question case-insensitively', () => {
		expect(filterFaq(items, 'custom domain').map((item) => item.id)).toEqual(['a']);
	});

	it('matches the answer case-insensitively', () => {
		expect(filterFaq(items, 'QUARTERLY').map((item) => item.id)).toEqual(['b']);
		expect(filterFaq(items, 'enlace').map((item) => item.id)).toEqual(['c']);
	});

	it('returns nothing when no entry matches', () => {
		expect(filterFaq(items, 'kubernetes')).toEqual([]);
	});
});
