import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeHref } from './markdown';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs and both kinds of list', () => {
    const source = ['Intro line one', 'and two.', '', '## What we store', '- **Account**: email', '- Billing', '  via Stripe', '', '### Steps', '1. First', '2) Second', '# Top'].join('\n');
    expect(parseMarkdown(source)).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: 'Intro line one and two.' }] },
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'What we store' }] },
      {
        type: 'list',
        ordered: false,
        items: [
          [{ type: 'strong', children: [{ type: 'text', text: 'Account' }] }, { type: 'text', text: ': email' }],
          [{ type: 'text', text: 'Billing via Stripe' }],
        ],
      },
      { type: 'heading', level: 3, children: [{ type: 'text', text: 'Steps' }] },
      { type: 'list', ordered: true, items: [[{ type: 'text', text: 'First' }], [{ type: 'text', text: 'Second' }]] },
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Top' }] },
    ]);
  });

  it('ends a list at a paragraph line that is not indented', () => {
    expect(parseMarkdown('- one\nAfter.').map((block) => block.type)).toEqual(['list', 'paragraph']);
  });

  it('keeps markup as text', () => {
    expect(parseMarkdown('<script>alert(1)</script> <b>x</b>')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: '<script>alert(1)</script> <b>x</b>' }] },
    ]);
  });
});

describe('parseInline', () => {
  it('reads code, links, bold and italic, nested', () => {
    expect(parseInline('Key `epic-auth`, see [the **help** centre](/help) or *mail*.')).toEqual([
      { type: 'text', text: 'Key ' },
      { type: 'code', text: 'epic-auth' },
      { type: 'text', text: ', see ' },
      { type: 'link', href: '/help', children: [{ type: 'text', text: 'the ' }, { type: 'strong', children: [{ type: 'text', text: 'help' }] }, { type: 'text', text: ' centre' }] },
      { type: 'text', text: ' or ' },
      { type: 'em', children: [{ type: 'text', text: 'mail' }] },
      { type: 'text', text: '.' },
    ]);
  });

  it('leaves underscores inside words alone', () => {
    expect(parseInline('snake_case_name and _this_')).toEqual([
      { type: 'text', text: 'snake_case_name and ' },
      { type: 'em', children: [{ type: 'text', text: 'this' }] },
    ]);
  });

  it('keeps a link to anything but the web, mail or this site as its text', () => {
    expect(parseInline('[click](javascript:alert(1))')[0]).toEqual({ type: 'text', text: 'click' });
    expect(parseInline('[x](//evil.example)')[0]).toEqual({ type: 'text', text: 'x' });
  });
});

describe('safeHref', () => {
  it('allows web, mail and site paths only', () => {
    expect(['https://a.example', 'http://a.example', 'mailto:a@b.example', '/terms'].map(safeHref)).toEqual(['https://a.example', 'http://a.example', 'mailto:a@b.example', '/terms']);
    expect(['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'JaVaScRiPt:x', 'terms'].map(safeHref)).toEqual([null, null, null, null, null]);
  });
});
