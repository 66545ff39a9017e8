/**
 * Puts a server-drawn page into the portal's built `index.html`: the page in `#root`, its one
 * stylesheet in the head, the data it was drawn from, and the boot script in place of the app's
 * module script (takeover-boot.ts says when the app is fetched).
 */
import type { RenderedLanding } from '@epic/platform-api';
import { DEFAULT_LANGUAGE, languages } from '../config/languages';
import { AUTH_STORAGE_KEY } from '../lib/auth-storage';
import { LANGUAGE_STORAGE_KEY } from '../lib/i18n';
import { SERVER_RENDERED_ATTRIBUTE, SERVER_RENDERED_DATA_ID, type ServerRenderedData } from '../lib/server-rendered-page';
import { takeoverBoot, type TakeoverBootOptions } from './takeover-boot';

export interface DrawnPage {
	html: string;
	css: string;
	title: string;
	data: ServerRenderedData;
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const EMPTY_ROOT = '<div id="root"></div>';

/** JSON or script text that cannot close its `<script>` element early. */
const scriptSafe = (text: string) => text.replace(/</g, '\\u003c');

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function landingDocument(template: string, page: DrawnPage): RenderedLanding {
	const entry = ENTRY_SCRIPT.exec(template)?.[1];
	if (!entry || !template.includes(EMPTY_ROOT)) throw new Error('index.html has no module entry or no empty #root');
	const modulePreloads = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
	const language = languages.find((candidate) => candidate.code === page.data.language);
	const boot: TakeoverBootOptions = {
		entry,
		modulePreloads,
		language: page.data.language,
		languages: languages.map((candidate) => candidate.code),
		defaultLanguage: DEFAULT_LANGUAGE,
		authStorageKey: AUTH_STORAGE_KEY,
		languageStorageKey: LANGUAGE_STORAGE_KEY,
	};
	const bootScript = `(${scriptSafe(takeoverBoot.toString())})(${scriptSafe(JSON.stringify(boot))});`;
	const root =
		`<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>${page.html}</div>` +
		// JSON is data, not a script: the Content-Security-Policy does not apply to it.
		`<script type="application/json" id="${SERVER_RENDERED_DATA_ID}">${scriptSafe(JSON.stringify(page.data))}</script>` +
		`<script>${bootScript}</script>`;

	const html = template
		.replace(ENTRY_SCRIPT, '')
		.replace(MODULE_PRELOAD, '')
		.replace(/<html[^>]*>/, `<html lang="${page.data.language}" dir="${language?.rtl ? 'rtl' : 'ltr'}">`)
		.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
		.replace('</head>', `<style ${SERVER_RENDERED_ATTRIBUTE}>${page.css.replace(/<\/style/gi, '<\\/style')}</style></head>`)
		.replace(EMPTY_ROOT, () => root);
	return { html, inlineScripts: [bootScript] };
}
