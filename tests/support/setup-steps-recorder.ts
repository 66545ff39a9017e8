/**
 * Records, in the page, every distinct list of step states the project setup screen shows from now
 * on. The screen is a client-side route, so the recorder outlives the form that led to it.
 */
import type { Page } from 'playwright-core';

export function recordShownSteps(page: Page): Promise<void> {
	return page.evaluate(() => {
		const shown: string[][] = [];
		let last = '';
		const record = () => {
			const states = Array.from(document.querySelectorAll('[data-testid="setup-step"]')).map((step) => step.getAttribute('data-state') ?? '');
			if (states.length && states.join() !== last) {
				last = states.join();
				shown.push(states);
			}
		};
		record();
		new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
		(window as unknown as { shownSteps: string[][] }).shownSteps = shown;
	});
}

/** The lists recorded so far, oldest first. */
export const shownSteps = (page: Page): Promise<string[][]> => page.evaluate(() => (window as unknown as { shownSteps: string[][] }).shownSteps);
