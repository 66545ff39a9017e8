/**
 * The landing page is drawn by the control plane (src/server-render) and the app takes it over
 * later (server-render/takeover-boot.ts says when). Taking over draws the same page from the same
 * data, keeps the scroll position, gives focus back to where it was and replays the clicks made
 * while the app loaded.
 */
import { planListSchema, portalConfigSchema, siteContentSchema, type Plan, type PortalConfig, type SiteContent } from '@epic/platform-api';
import { flushSync } from 'react-dom';
import { z } from 'zod';

/** Marks the app's container when it holds a server-drawn page. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
/** Id of the JSON script carrying the data the page was drawn from. */
export const SERVER_RENDERED_DATA_ID = 'server-rendered-data';

export interface ServerRenderedData {
	language: string;
	plans: Plan[];
	siteContent: SiteContent;
	portalConfig: PortalConfig;
}

const serverRenderedDataSchema: z.ZodType<ServerRenderedData> = z.object({
	language: z.string(),
	plans: planListSchema,
	siteContent: siteContentSchema,
	portalConfig: portalConfigSchema,
});

/** Left on `window` by the boot script, which holds clicks here until `tookOver`. */
export interface PendingTakeover {
	/** The elements clicked while the app was loading or replaying, oldest first. */
	clicks: Element[];
	/** The app is replaying held clicks: later ones are held too, so they keep their order. */
	draining: boolean;
	/** A replayed click is being dispatched: the boot script lets it through. */
	replaying: boolean;
	tookOver: boolean;
}

declare global {
	interface Window {
		__pendingTakeover?: PendingTakeover;
	}
}

export function isServerRendered(container: HTMLElement): boolean {
	return container.hasAttribute(SERVER_RENDERED_ATTRIBUTE);
}

/** The data the page was drawn from, or null when there is none or it is not what we expect. */
export function readServerRenderedData(): ServerRenderedData | null {
	const script = typeof document === 'undefined' ? null : document.getElementById(SERVER_RENDERED_DATA_ID);
	if (!script?.textContent) return null;
	try {
		const data = serverRenderedDataSchema.safeParse(JSON.parse(script.textContent));
		return data.success ? data.data : null;
	} catch {
		return null;
	}
}

function pathFromContainer(container: Element, element: Element): number[] {
	const path: number[] = [];
	for (let node: Element | null = element; node && node !== container; node = node.parentElement) {
		path.unshift(node.parentElement ? Array.prototype.indexOf.call(node.parentElement.children, node) : 0);
	}
	return path;
}

function elementAt(container: Element, path: number[]): HTMLElement | null {
	let node: Element | undefined = container;
	for (const index of path) node = node?.children[index];
	return node instanceof HTMLElement ? node : null;
}

/**
 * Resolves after two frames have been drawn. Chakra's controls (zag) apply a click in a frame
 * callback, and React draws the change after that, so one task is not enough.
 */
const afterTwoFrames = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/**
 * `render` must commit synchronously (flushSync), so the drawn page is in place when it returns.
 * A held click goes to the app's element at the same place as the drawn one clicked, found right
 * after the render, before any replayed click changes the page. Each is replayed once the previous
 * one has been drawn: a link clicked after the pricing period must see the period it changed.
 */
export async function takeOverServerRenderedPage(container: HTMLElement, render: () => void): Promise<void> {
	const active = document.activeElement;
	const focusPath = active && active !== container && container.contains(active) ? pathFromContainer(container, active) : null;
	const pending = window.__pendingTakeover;
	const heldPaths = (pending?.clicks.splice(0) ?? []).map((element) => pathFromContainer(container, element));
	const { scrollX, scrollY } = window;
	render();
	// The router's scroll restoration treats its first render as arriving at the page: back to the top.
	// Instant, not the page's smooth scrolling: the visitor should not see the page travel.
	window.scrollTo({ left: scrollX, top: scrollY, behavior: 'instant' });
	container.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
	if (focusPath) elementAt(container, focusPath)?.focus();
	if (!pending) return;
	const held = heldPaths.map((path) => elementAt(container, path));
	pending.draining = true;
	// Clicks made while these replay are held in `pending.clicks`, on the app's own elements.
	while (held.length > 0 || pending.clicks.length > 0) {
		const element = held.length > 0 ? held.shift() : pending.clicks.shift();
		await afterTwoFrames();
		pending.replaying = true;
		try {
			// flushSync: whatever the click changes is drawn before the next click is replayed.
			flushSync(() => (element instanceof HTMLElement ? element.click() : undefined));
		} finally {
			pending.replaying = false;
		}
	}
	pending.tookOver = true;
}
