/**
 * Debian's Chromium driven by playwright-core. The flags keep Chromium off the network beyond
 * loopback (this machine has none) and let it run as root in a container.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { CHROMIUM_PATH } from '@epic/local-platform/test-prerequisites';

/** `extraArgs` adds Chromium switches, e.g. `--host-resolver-rules` for a test's custom domains. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
	return chromium.launch({
		executablePath: CHROMIUM_PATH,
		headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extraArgs],
	});
}

/**
 * One Chromium for the test file and, for every test, a fresh English desktop context whose page is
 * handed to `onOpen` before the test runs; the context is closed after it.
 */
export function chromiumPagePerTest(onOpen: (page: Page) => void): void {
	let browser: Browser | undefined;
	let context: BrowserContext | undefined;
	beforeAll(async () => {
		browser = await launchChromium();
	});
	afterAll(async () => {
		await browser?.close();
	});
	beforeEach(async () => {
		context = await browser!.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
		onOpen(await context.newPage());
	});
	afterEach(async () => {
		await context?.close();
	});
}
