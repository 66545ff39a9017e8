import { describe, expect, it } from 'vitest';
import { containsMarkup } from './markup-signatures.ts';

const inBinary = (text: string) => Buffer.concat([Buffer.from([0x89, 0x00, 0xff, 0x10]), Buffer.from(text, 'latin1'), Buffer.from([0x00, 0xfe])]);

describe('containsMarkup', () => {
	it.each([
		'<script>alert(1)</script>',
		'<SCRIPT src=x>',
		'<html>',
		'<Html lang="en">',
		'<svg xmlns="http://www.w3.org/2000/svg">',
		'<svg/onload=alert(1)>',
		'<?php system($_GET[0]); ?>',
		'<!DOCTYPE html>',
		'<!doctype html>',
		'<iframe src=//x>',
		'<body onload=alert(1)>',
		'<BODY\tonload=x>',
		'href="JavaScript:alert(1)"',
	])('finds %j inside binary data', (text) => {
		expect(containsMarkup(inBinary(text))).toBe(true);
	});

	it.each(['<svgx', '<bodyguard', '<scripted', 'javascript', 'html>', 'a < b'])('does not take %j for markup', (text) => {
		expect(containsMarkup(inBinary(text))).toBe(false);
	});

	it('reads a view into a larger buffer, not the buffer behind it', () => {
		const whole = Buffer.from('<script> plain bytes');
		expect(containsMarkup(whole.subarray(9))).toBe(false);
		expect(containsMarkup(whole.subarray(0, 8))).toBe(true);
	});
});
