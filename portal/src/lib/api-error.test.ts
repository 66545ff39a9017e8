import { describe, expect, it, vi } from 'vitest';
import { getErrorCode, getErrorMessage, getErrorStatus } from './api-error';

// The real i18n module reads the browser's storage; the unit tests run in Node.
vi.mock('./i18n', () => ({ i18n: { t: (key: string) => key } }));

/** What the Directus SDK throws for an `{ errors }` answer. */
const requestError = (status: number, code: string, message: string) =>
  Object.assign(new Error(message), { errors: [{ message, extensions: { code } }], response: { status } });

describe('api-error', () => {
  it('reads the server message, code and status of a failed request', () => {
    const error = requestError(402, 'CARD_DECLINED', 'Your card was declined.');
    expect(getErrorMessage(error)).toBe('Your card was declined.');
    expect(getErrorCode(error)).toBe('CARD_DECLINED');
    expect(getErrorStatus(error)).toBe(402);
  });

  it('has no code when the answer carries none', () => {
    expect(getErrorCode(new Error('boom'))).toBeNull();
    expect(getErrorCode({ errors: [{ message: 'x' }] })).toBeNull();
    expect(getErrorCode('text')).toBeNull();
  });
});
