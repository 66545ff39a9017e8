import { describe, expect, it } from 'vitest';
import { storedOrigins } from './stored-origins.ts';

describe('storedOrigins', () => {
	it('reads the column as either database returns it', () => {
		expect(storedOrigins(['https://a.example'])).toEqual(['https://a.example']);
		expect(storedOrigins('["https://a.example","http://localhost:3000"]')).toEqual(['https://a.example', 'http://localhost:3000']);
		expect(storedOrigins(null)).toEqual([]);
		expect(storedOrigins('not json')).toEqual([]);
	});
});
