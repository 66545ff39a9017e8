import { projectCredentialsSchema, projectSchema } from '@epic/platform-api';
import { describe, expect, it } from 'vitest';
import { getErrorMessage, UnexpectedResponseError } from './api-error';
import { parseAnswer } from './parse-answer';

describe('parseAnswer', () => {
	it('gives the answer as its schema reads it', () => {
		const credentials = { admin_email: 'a@example.com', admin_password: 'secret' };
		expect(parseAnswer(projectCredentialsSchema, credentials, 'GET /projects/p1/credentials')).toEqual(credentials);
	});

	it('turns an answer that breaks the contract into the error users see as the generic message', () => {
		const read = () => parseAnswer(projectSchema, '<html>', 'GET /projects/p1');
		expect(read).toThrow(UnexpectedResponseError);
		expect(read).toThrow(/^GET \/projects\/p1 did not answer as the contract says/);
		let error: unknown;
		try {
			read();
		} catch (thrown) {
			error = thrown;
		}
		expect(getErrorMessage(error, 'Failed to load the project.')).toBe('Failed to load the project.');
	});
});
