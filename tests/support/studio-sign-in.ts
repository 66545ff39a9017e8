/**
 * Signs a project's admin in to its Studio from the login page, as a person does. If the Studio does
 * not reach its content module, the error says what the page answered instead: the requests that
 * failed or were refused on the way, and the Studio's own message. (CI once timed out here with
 * nothing to go on.) test-results/studio-sign-in-failure.png shows the page as it was.
 */
import type { Page, Request, Response } from 'playwright-core';
import { repoPath } from '@epic/node-support/paths';

export async function signInToStudio(studio: Page, email: string, password: string, timeoutMs = 60_000): Promise<void> {
	await studio.waitForURL(/\/admin\/login/, { timeout: timeoutMs });
	const refused: string[] = [];
	const onResponse = (response: Response) => {
		if (response.status() >= 400) refused.push(`${response.status()} ${response.request().method()} ${response.url()}`);
	};
	const onFailure = (request: Request) => refused.push(`${request.failure()?.errorText ?? 'failed'} ${request.method()} ${request.url()}`);
	studio.on('response', onResponse);
	studio.on('requestfailed', onFailure);
	try {
		await studio.locator('input[type="email"]').fill(email);
		await studio.locator('input[type="password"]').fill(password);
		await studio.locator('button[type="submit"]').click();
		// The content module: its page, or its first collection's when the site has collections (a starter's).
		await studio.waitForURL(/\/admin\/content(\/[^/]+)?$/, { timeout: timeoutMs });
	} catch (error) {
		const notice = await studio
			.locator('.v-notice, .v-error, [role="alert"]')
			.allTextContents()
			.catch(() => []);
		await studio.screenshot({ path: repoPath('test-results', 'studio-sign-in-failure.png') }).catch(() => {});
		throw new Error(
			`The Studio did not open its content module after signing in; it is at ${studio.url()}.\n` +
				`Its messages: ${JSON.stringify(notice)}\nRequests refused or failed: ${JSON.stringify(refused)}`,
			{ cause: error },
		);
	} finally {
		studio.off('response', onResponse);
		studio.off('requestfailed', onFailure);
	}
	await studio.locator('#navigation.module-bar').waitFor();
}
