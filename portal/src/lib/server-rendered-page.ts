/**
 * The landing page is drawn by the control plane (src/server-render) and the app takes it over
 * later (server-render/takeover-boot.ts says when). Taking over draws the same page from the same
 * data, keeps the scroll position, gives focus back to where it was and replays the clicks made
 * while the app loaded.
 */
import type { Plan, PortalConfig, SiteContent } from '@epic/platform-api';
import { isPortalConfig } from './portal-config';
import { isPlan } from './plans/plan';
import { isSiteContent } from './site-content/site-content-guards';

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

/** Left on `window` by the boot script. */
export interface PendingTakeover {
  /** Child-index paths, from the app's container, of the controls clicked before the app took over. */
  clicks: number[][];
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
    const data: unknown = JSON.parse(script.textContent);
    if (typeof data !== 'object' || data === null) return null;
    const { language, plans, siteContent, portalConfig } = data as Record<string, unknown>;
    if (typeof language !== 'string' || !Array.isArray(plans) || !plans.every(isPlan) || !isSiteContent(siteContent)) return null;
    if (!isPortalConfig(portalConfig)) return null;
    return { language, plans, siteContent, portalConfig };
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

/** Resolves after the tasks already queued, React's re-render of the last click among them. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * `render` must commit synchronously (flushSync), so the drawn page is in place when it returns.
 * Each held click is replayed once the previous one has been drawn: a link clicked after the
 * pricing period must see the period it changed.
 */
export async function takeOverServerRenderedPage(container: HTMLElement, render: () => void): Promise<void> {
  const active = document.activeElement;
  const focusPath = active && active !== container && container.contains(active) ? pathFromContainer(container, active) : null;
  const { scrollX, scrollY } = window;
  render();
  // The router's scroll restoration treats its first render as arriving at the page: back to the top.
  window.scrollTo(scrollX, scrollY);
  container.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
  const pending = window.__pendingTakeover;
  if (pending) pending.tookOver = true;
  if (focusPath) elementAt(container, focusPath)?.focus();
  for (const path of pending?.clicks.splice(0) ?? []) {
    await nextTask();
    elementAt(container, path)?.click();
  }
}
