import { describe, expect, it } from 'vitest';
import { landingDocument } from './landing-document';

const TEMPLATE = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <title>Epic CMS</title>
    <script type="module" crossorigin src="/portal-assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/portal-assets/react-def.js">
    <link rel="modulepreload" crossorigin href="/portal-assets/lib-ghi.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const siteContent = { testimonials: [], promotion: null, timeline: [], team: [] };
const portalConfig = { supportEmail: 'help@example.com', publicHost: 'sites.example.com', siteHostSuffix: 'sites.example.com', sitesOverHttps: true, publicIp: null };

function draw(overrides: { html?: string; css?: string; title?: string; plans?: never[] } = {}) {
	return landingDocument(TEMPLATE, {
		html: overrides.html ?? '<main>Hello</main>',
		css: overrides.css ?? '.a{color:red}',
		title: overrides.title ?? 'Título',
		data: { language: 'es', plans: overrides.plans ?? [], siteContent, portalConfig },
	});
}

describe('landingDocument', () => {
	it('puts the drawn page, its stylesheet, language and title into index.html, and the boot script in place of the app', () => {
		const { html, inlineScripts } = draw();
		expect(html).toContain('<html lang="es" dir="ltr">');
		expect(html).toContain('<title>Título</title>');
		expect(html).toContain('<style data-server-rendered>.a{color:red}</style></head>');
		expect(html).toContain('<div id="root" data-server-rendered><main>Hello</main></div>');
		expect(html).not.toContain('<script type="module"');
		expect(html).not.toContain('rel="modulepreload"');
		expect(inlineScripts).toHaveLength(1);
		expect(html).toContain(`<script>${inlineScripts[0]}</script>`);
		// The boot script fetches the entry and its preloads itself, when it is time.
		expect(inlineScripts[0]).toContain('"entry":"/portal-assets/index-abc.js"');
		expect(inlineScripts[0]).toContain('"modulePreloads":["/portal-assets/react-def.js","/portal-assets/lib-ghi.js"]');
		const data = /<script type="application\/json" id="server-rendered-data">(.*?)<\/script>/.exec(html)?.[1];
		expect(JSON.parse(data ?? '')).toEqual({ language: 'es', plans: [], siteContent, portalConfig });
	});

	it('keeps text from staff or the catalogue from closing the data script or the stylesheet', () => {
		const hostile = { ...siteContent, testimonials: [{ id: 1, language: 'es' as const, quote: '</script><script>alert(1)</script>', author_name: 'x', author_role: null }] };
		const { html } = landingDocument(TEMPLATE, {
			html: '<main></main>',
			css: '.a{}</style><script>alert(2)</script>',
			title: '</title><script>alert(3)</script>',
			data: { language: 'es', plans: [], siteContent: hostile, portalConfig },
		});
		expect(html.match(/<\/style/gi)).toHaveLength(1);
		expect(html.match(/<\/title/gi)).toHaveLength(1);
		expect(html).not.toContain('<script>alert(1)');
		const data = /<script type="application\/json" id="server-rendered-data">(.*?)<\/script>/.exec(html)?.[1];
		expect(JSON.parse(data ?? '').siteContent.testimonials[0].quote).toBe('</script><script>alert(1)</script>');
	});

	it('refuses a template it cannot fill', () => {
		expect(() => landingDocument('<html><body></body></html>', { html: '', css: '', title: '', data: { language: 'en', plans: [], siteContent, portalConfig } })).toThrow(
			/no module entry/,
		);
	});
});
