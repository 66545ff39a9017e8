/**
 * The small part of Markdown staff write legal pages in (the Studio field's note lists it):
 * headings, paragraphs, bulleted and numbered lists, **bold**, *italic*, `code` and links. It is
 * parsed into a tree that the page renders as React elements, never as HTML, so nothing staff type
 * can become markup or script; anything else stays plain text.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: 2 | 3 | 4; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] };

/** Links may leave for the web or mail, or stay on this site; `javascript:` and the like stay text. */
export function safeHref(href: string): string | null {
  if (/^(https?:|mailto:)/i.test(href)) return href;
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  return null;
}

const INLINE_RULES: { pattern: RegExp; make: (match: RegExpExecArray) => Inline }[] = [
  { pattern: /`([^`]+)`/, make: (match) => ({ type: 'code', text: match[1]! }) },
  {
    pattern: /\[([^\]]+)\]\(([^)\s]+)\)/,
    make: (match) => {
      const href = safeHref(match[2]!);
      return href ? { type: 'link', href, children: parseInline(match[1]!) } : { type: 'text', text: match[1]! };
    },
  },
  { pattern: /\*\*(.+?)\*\*|__(.+?)__/, make: (match) => ({ type: 'strong', children: parseInline(match[1] ?? match[2]!) }) },
  { pattern: /\*([^*\s](?:[^*]*[^*\s])?)\*|(?<![\p{L}\p{N}])_([^_\s](?:[^_]*[^_\s])?)_(?![\p{L}\p{N}])/u, make: (match) => ({ type: 'em', children: parseInline(match[1] ?? match[2]!) }) },
];

export function parseInline(text: string): Inline[] {
  const nodes: Inline[] = [];
  let rest = text;
  while (rest.length > 0) {
    let earliest: { index: number; length: number; node: Inline } | null = null;
    for (const rule of INLINE_RULES) {
      const match = rule.pattern.exec(rest);
      if (match && (earliest === null || match.index < earliest.index)) {
        earliest = { index: match.index, length: match[0].length, node: rule.make(match) };
      }
    }
    if (!earliest) {
      nodes.push({ type: 'text', text: rest });
      break;
    }
    if (earliest.index > 0) nodes.push({ type: 'text', text: rest.slice(0, earliest.index) });
    nodes.push(earliest.node);
    rest = rest.slice(earliest.index + earliest.length);
  }
  return nodes;
}

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

/** The page's own title is the h1, so `#` and `##` are h2, `###` h3, deeper ones h4. */
const headingLevel = (hashes: number): 2 | 3 | 4 => (hashes <= 2 ? 2 : hashes === 3 ? 3 : 4);

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const flush = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
    if (list) blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    paragraph = [];
    list = null;
  };

  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (line.trim() === '') {
      flush();
    } else if (heading) {
      flush();
      blocks.push({ type: 'heading', level: headingLevel(heading[1]!.length), children: parseInline(heading[2]!) });
    } else if (bullet || numbered) {
      const ordered = Boolean(numbered);
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]!.trim());
    } else if (list && /^\s+/.test(line)) {
      // An indented line goes on with the list item above it.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      if (list) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}
