import { describe, expect, it } from 'vitest';
import { keyReferences, type KeyReference } from './i18n-key-references';

const NAMESPACES = new Set(['nav', 'landing', 'projects']);

const scan = (text: string, file = 'x.tsx') =>
	keyReferences(file, text, NAMESPACES).map((reference: KeyReference) => (reference.kind === 'literal' ? reference.key : `pattern ${reference.pattern.source}`));

describe('keyReferences', () => {
	it('reads the key of t(), i18n.t() and <Trans i18nKey>', () => {
		expect(scan(`t('nav.label'); i18n.t("other.thing"); <Trans i18nKey="auth.sentTo" />; <Trans i18nKey={'auth.x'} />`)).toEqual([
			'nav.label',
			'other.thing',
			'auth.sentTo',
			'auth.x',
		]);
	});

	it('reads keys passed as data when they start with a namespace', () => {
		expect(scan(`const steps = [{ labelKey: 'projects.next.dns' }, { id: 'dns' }, 'example.com', 'nav'];`)).toEqual(['projects.next.dns']);
		expect(scan(`t(blocked ? 'projects.blocked.subscribe' : 'projects.blocked.upgrade')`)).toEqual(['projects.blocked.subscribe', 'projects.blocked.upgrade']);
	});

	it('turns a template literal into a pattern whose ${…} fills one key segment or part of one', () => {
		const [pattern] = keyReferences('x.ts', 't(`landing.faq.items.${id}.question`)', NAMESPACES);
		expect(pattern?.kind).toBe('pattern');
		if (pattern?.kind !== 'pattern') return;
		expect(pattern.pattern.test('landing.faq.items.trial.question')).toBe(true);
		expect(pattern.pattern.test('landing.faq.items.question')).toBe(false);
		expect(pattern.pattern.test('landing.faq.items.a.b.question')).toBe(false);
		const [suffixed] = keyReferences('x.ts', 'const k = `projects.toast.${problem}Text`;', NAMESPACES);
		expect(suffixed?.kind === 'pattern' && suffixed.pattern.test('projects.toast.tooLargeText')).toBe(true);
	});

	it('ignores comments, JSX text and templates outside the namespaces', () => {
		expect(scan(`// t('nav.label')\n/* 'landing.hero' */ const a = <p>nav.label</p>; const u = \`\${base}/nav.x\`;`)).toEqual([]);
	});

	it('finds strings nested in a template inside t()', () => {
		expect(scan("t(`projects.${ok ? 'nav.a' : 'b'}`)")).toEqual(['pattern ^projects\\.[^.]+$', 'nav.a']);
	});
});
