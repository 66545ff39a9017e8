/**
 * Debian's Chromium driven by playwright-core. The flags keep Chromium off the network beyond
 * loopback (this machine has none) and let it run as root in a container.
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_PATH } from '@epic/platform-launcher/test-prerequisites';

export function launchChromium(): Promise<Browser> {
	return chromium.launch({
		executablePath: CHROMIUM_PATH,
		headless: true,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	});
}
