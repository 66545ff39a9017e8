/**
 * The only script a server-rendered landing page runs before the app: a few KB with its options
 * (mostly the list of the app's modules), inlined into the page as `(takeoverBoot)(options)`, so
 * it must not use anything from outside its own body.
 *
 * The page as drawn by the server is complete for reading and its links work natively. The app
 * (about 250 KB gzip) is fetched only once the visitor does something, or at once when the drawn
 * page is not theirs (a stored session, a language they picked that differs from the page's) or
 * has a part that changes by itself (the promotion countdown). Until it has drawn the page, a
 * click on a control, and any click after one, is held and handed to the app
 * (lib/server-rendered-page.ts replays them in order).
 */
import type { PendingTakeover } from '../lib/server-rendered-page';

export interface TakeoverBootOptions {
	/** The app's entry module and the modules it imports, from the built index.html. */
	entry: string;
	modulePreloads: string[];
	/** The language the page was drawn in, and those the app has. */
	language: string;
	languages: string[];
	defaultLanguage: string;
	authStorageKey: string;
	languageStorageKey: string;
}

export function takeoverBoot(options: TakeoverBootOptions): void {
	const root = document.getElementById('root');
	if (!root) return;
	const pending: PendingTakeover = { clicks: [], draining: false, replaying: false, tookOver: false };
	(window as unknown as { __pendingTakeover: PendingTakeover }).__pendingTakeover = pending;
	const triggers = ['pointerdown', 'keydown', 'touchstart', 'focusin', 'scroll', 'wheel'];
	let started = false;

	const start = () => {
		if (started) return;
		started = true;
		for (const type of triggers) window.removeEventListener(type, start, true);
		for (const href of options.modulePreloads) {
			const link = document.createElement('link');
			link.rel = 'modulepreload';
			link.href = href;
			document.head.append(link);
		}
		const script = document.createElement('script');
		script.type = 'module';
		script.src = options.entry;
		document.head.append(script);
	};

	document.addEventListener(
		'click',
		(event) => {
			if (pending.tookOver || pending.replaying || !(event.target instanceof Element)) return;
			const clicked = event.target.closest('a[href], button, label, [role="button"], [role="radio"]');
			if (!clicked || !root.contains(clicked)) return;
			// Links work by themselves, unless an earlier click still waits for the app: the pricing
			// period picked a moment ago changes where Get started goes.
			if (clicked.matches('a[href]') && pending.clicks.length === 0 && !pending.draining) return;
			event.preventDefault();
			pending.clicks.push(clicked);
			start();
		},
		true,
	);

	let storedSession = true;
	let storedLanguage: string | null = null;
	try {
		storedSession = window.localStorage.getItem(options.authStorageKey) !== null;
		storedLanguage = window.localStorage.getItem(options.languageStorageKey);
	} catch {
		// Storage refused: the app decides what to show.
	}
	// The language the app will show (lib/i18n.ts): the visitor's pick, else the browser's.
	const browserLanguage = (navigator.languages ?? [navigator.language]).map((tag) => tag.split('-')[0]?.toLowerCase() ?? '').find((code) => options.languages.includes(code));
	const visitorLanguage = storedLanguage !== null && options.languages.includes(storedLanguage) ? storedLanguage : (browserLanguage ?? options.defaultLanguage);
	const notTheirs = storedSession || visitorLanguage !== options.language;
	if (notTheirs || root.querySelector('[data-live-updates]')) {
		start();
		return;
	}
	for (const type of triggers) window.addEventListener(type, start, { capture: true, passive: true });
}
