/**
 * The router's branded pages: unknown host, suspended or stopped project, a site waking up (which
 * reloads itself), a site that failed to start, a running upstream that did not answer one request,
 * a sleeping site the platform has no memory to wake now, an upload past the site's storage quota,
 * and, from a node router while the runtime's does not answer, what only the runtime can serve.
 * API clients get the same answer as JSON.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PAGE_COPY, pickLanguage, type PageKind } from './page-copy.ts';

const STATUS: Record<PageKind, number> = {
	'not-found': 404,
	suspended: 503,
	stopped: 503,
	starting: 503,
	unavailable: 502,
	'no-answer': 502,
	busy: 503,
	'storage-full': 507,
	'platform-unavailable': 503,
};

/** Seconds a client is told to wait before it asks a busy platform again. */
export const BUSY_RETRY_AFTER_SECONDS = 30;

const RELOAD_AFTER_SECONDS = 2;

function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function renderPage(kind: PageKind, language: keyof typeof PAGE_COPY, supportEmail: string): string {
	const copy = PAGE_COPY[language];
	const { title, body } = copy[kind];
	const reload = kind === 'starting' ? `<meta http-equiv="refresh" content="${RELOAD_AFTER_SECONDS}">` : '';
	const spinner = kind === 'starting' ? '<div class="spinner" role="progressbar" aria-label="loading"></div>' : '';
	return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${reload}
<title>${escapeHtml(title)} · Epic CMS</title>
<style>
:root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f6f7fb; color: #1a202c; }
main { max-width: 34rem; margin: 1.5rem; padding: 2.5rem 2rem; background: #fff; border-radius: 16px; box-shadow: 0 10px 30px rgb(26 32 44 / 0.08); text-align: center; }
.brand { font-weight: 700; letter-spacing: 0.02em; color: #6b46c1; margin-bottom: 1.5rem; }
h1 { font-size: 1.5rem; margin: 0 0 0.75rem; }
p { line-height: 1.6; margin: 0 0 1rem; color: #4a5568; }
a { color: #6b46c1; }
.spinner { width: 2.5rem; height: 2.5rem; margin: 0 auto 1.5rem; border: 4px solid #e9d8fd; border-top-color: #6b46c1; border-radius: 50%; animation: spin 0.9s linear infinite; }
@keyframes spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .spinner { animation: none; } }
@media (prefers-color-scheme: dark) { body { background: #171923; color: #f7fafc; } main { background: #1a202c; } p { color: #cbd5e0; } }
</style>
</head>
<body>
<main data-page="${kind}">
<div class="brand">Epic CMS</div>
${spinner}
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(body)}</p>
<p>${escapeHtml(copy.support)} <a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a></p>
</main>
</body>
</html>
`;
}

function wantsHtml(request: IncomingMessage): boolean {
	return (request.headers.accept ?? '').includes('text/html');
}

export function sendPage(request: IncomingMessage, response: ServerResponse, kind: PageKind, supportEmail: string): void {
	if (response.destroyed || response.writableEnded) return;
	if (response.headersSent) {
		response.destroy();
		return;
	}
	const headers: Record<string, string> = { 'cache-control': 'no-store' };
	if (kind === 'starting') headers['retry-after'] = String(RELOAD_AFTER_SECONDS);
	if (kind === 'busy' || kind === 'platform-unavailable') headers['retry-after'] = String(BUSY_RETRY_AFTER_SECONDS);
	if (wantsHtml(request)) {
		const language = pickLanguage(request.headers['accept-language']);
		response.writeHead(STATUS[kind], { ...headers, 'content-type': 'text/html; charset=utf-8', 'content-language': language });
		response.end(renderPage(kind, language, supportEmail));
		return;
	}
	const message = PAGE_COPY.en[kind].title;
	response.writeHead(STATUS[kind], { ...headers, 'content-type': 'application/json' });
	response.end(JSON.stringify({ errors: [{ message, extensions: { code: kind.toUpperCase().replaceAll('-', '_') } }] }));
}
