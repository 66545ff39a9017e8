import { describe, expect, it } from 'vitest';
import { InvalidPayloadError } from '../errors.ts';
import { parseInput } from '../http/parse-input.ts';
import { MarkReadSchema } from './mark-read-input.ts';

const id = 'f3b1c3a0-3c4e-4d5a-9a51-2b7d8e9f0a1b';
const reasonOf = (body: unknown): string => {
	try {
		parseInput(MarkReadSchema, body);
	} catch (error) {
		expect(error).toBeInstanceOf(InvalidPayloadError);
		return (error as Error).message;
	}
	throw new Error(`${JSON.stringify(body)} was accepted`);
};

describe('mark-read input', () => {
	it('takes no body (all of them) or a list of ids', () => {
		expect(parseInput(MarkReadSchema, undefined)).toEqual({});
		expect(parseInput(MarkReadSchema, {})).toEqual({});
		expect(parseInput(MarkReadSchema, { ids: [id] })).toEqual({ ids: [id] });
	});

	it('refuses anything else, naming the field', () => {
		expect(reasonOf({ ids: 'all' })).toMatch(/^ids: /);
		expect(reasonOf({ ids: ['1'] })).toMatch(/^ids\.0: must be notification ids/);
		expect(reasonOf({ ids: [] })).toMatch(/^ids: must name at least one/);
		expect(reasonOf({ ids: Array.from({ length: 101 }, () => id) })).toMatch(/^ids: must name at most 100/);
		expect(reasonOf({ id })).toMatch(/unrecognized key.*"id"/i);
		expect(reasonOf([id])).toMatch(/^body: /);
	});
});
