import type { SWRConfiguration } from 'swr';
import { getErrorStatus } from '../lib/api-error';

// docs/product.md, Constants: up to 3 retries, the delay doubling from 1 s and capped at 30 s.
const MAX_RETRIES = 3;
const FIRST_RETRY_DELAY_MS = 1_000;
const MAX_RETRY_DELAY_MS = 30_000;

export const swrConfig: SWRConfiguration = {
	onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
		// A 4xx answer will not change by asking again.
		const status = getErrorStatus(error);
		if (status !== null && status >= 400 && status < 500) return;
		if (retryCount > MAX_RETRIES) return;
		const delay = Math.min(FIRST_RETRY_DELAY_MS * 2 ** (retryCount - 1), MAX_RETRY_DELAY_MS);
		setTimeout(() => void revalidate({ retryCount }), delay);
	},
};
