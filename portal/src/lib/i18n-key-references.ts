/**
 * Finds the translation keys a source file refers to, for the locale tests (`i18n-usage.test.ts`);
 * the app never imports this module. It reads TypeScript's syntax tree rather than the text, so a
 * key-shaped word in a comment or in JSX text never counts as a use.
 *
 * What counts as a reference:
 *  - the key argument of `t(…)`, `i18n.t(…)`, `i18next.t(…)` and the `i18nKey` prop of `<Trans>`;
 *  - any other string literal whose first dotted segment is a namespace of the locale files: keys
 *    handed around as data (`{ titleKey: 'projects.next.dns' }`, a ternary choosing one of two keys,
 *    a helper returning a key) are then seen wherever they are written, without each call site
 *    having to follow a naming convention;
 *  - a template literal built the same way, e.g. t(`landing.faq.items.${id}.question`).
 *
 * A template literal is a pattern, not a key: each `${…}` stands for one or more characters within
 * a single key segment (it never spans a dot), so `landing.faq.items.${id}.question` matches
 * `landing.faq.items.trial.question` but not `landing.faq.items.question`. A locale key is used
 * when it equals a literal reference or matches a pattern. That is sound for finding unused keys
 * (a key any pattern could produce is kept) and, with the type check of `t()` against the English
 * resources (`i18n-types.d.ts`), for finding missing ones: the compiler knows which values the
 * expression inside `${…}` can take, this scan only that the family of keys exists.
 */
import ts from 'typescript';

export type KeyReference = { kind: 'literal'; key: string; file: string } | { kind: 'pattern'; source: string; pattern: RegExp; file: string };

/** Letters, digits, `_` and `-` in dot-separated segments: the shape of every key in the locale files. */
const KEY_SHAPE = /^[A-Za-z][\w-]*(\.[\w-]+)+$/;
/** The static parts of a template literal key may also be empty or end or start at a dot. */
const TEMPLATE_PART = /^[\w.-]*$/;

const TRANSLATE_FUNCTIONS = new Set(['t']);

function isTranslateCall(node: ts.Node): node is ts.CallExpression {
	if (!ts.isCallExpression(node)) return false;
	const callee = node.expression;
	if (ts.isIdentifier(callee)) return TRANSLATE_FUNCTIONS.has(callee.text);
	return ts.isPropertyAccessExpression(callee) && TRANSLATE_FUNCTIONS.has(callee.name.text);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `landing.faq.items.${id}.question` → /^landing\.faq\.items\.[^.]+\.question$/ */
function templatePattern(node: ts.TemplateExpression): { source: string; pattern: RegExp } | null {
	const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
	if (!parts.every((part) => TEMPLATE_PART.test(part))) return null;
	const source = parts.join('${…}');
	return { source, pattern: new RegExp(`^${parts.map(escapeRegExp).join('[^.]+')}$`) };
}

const namespaceOf = (text: string) => text.split('.')[0] ?? '';

/**
 * Every key reference in one file. `namespaces` are the top-level names of the locale files; a
 * string outside a `t()` call counts only when it starts with one of them.
 */
export function keyReferences(file: string, sourceText: string, namespaces: ReadonlySet<string>): KeyReference[] {
	const source = ts.createSourceFile(file, sourceText, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
	const found: KeyReference[] = [];

	const consider = (node: ts.Node, explicit: boolean) => {
		if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
			const text = node.text;
			if (explicit ? text !== '' : KEY_SHAPE.test(text) && namespaces.has(namespaceOf(text))) {
				found.push({ kind: 'literal', key: text, file });
			}
		} else if (ts.isTemplateExpression(node)) {
			const template = templatePattern(node);
			if (template && (explicit || namespaces.has(namespaceOf(node.head.text)))) {
				found.push({ kind: 'pattern', ...template, file });
			}
		}
	};

	// Arguments of t() and i18nKey values, already taken as explicit references.
	const explicit = new Set<ts.Node>();
	const visit = (node: ts.Node) => {
		if (isTranslateCall(node) && node.arguments[0]) {
			consider(node.arguments[0], true);
			explicit.add(node.arguments[0]);
		} else if (ts.isJsxAttribute(node) && node.name.getText(source) === 'i18nKey' && node.initializer) {
			const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
			if (value) {
				consider(value, true);
				explicit.add(value);
			}
		} else if (!explicit.has(node)) {
			consider(node, false);
		}
		// Into templates too: t(`a.${ok ? 'b' : 'c'}`) holds further strings.
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}
