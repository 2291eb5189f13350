import { describe, expect, it } from 'vitest';
import { excerptOf, markdownToText, renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders Markdown', () => {
    expect(renderMarkdown('# Title\n\nSome **bold** and `code`.\n\n- one\n- two')).toBe(
      '<h2>Title</h2>\n<p>Some <strong>bold</strong> and <code>code</code>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n',
    );
  });

  it.each([
    ['script tag', '<script>alert(1)</script>hello', /<script/i],
    ['event handler', '<img src="/a.png" onerror="alert(1)">', /onerror/i],
    ['javascript: link', '[x](javascript:alert(1))', /javascript:/i],
    ['mixed-case javascript: link', '<a href="JaVaScRiPt:alert(1)">x</a>', /javascript:/i],
    ['entity-encoded javascript: link', '<a href="&#106;avascript:alert(1)">x</a>', /href/i],
    ['data: image', '![x](data:image/svg+xml;base64,PHN2Zz4=)', /data:/i],
    ['protocol-relative image', '![x](//evil.example/x.png)', /evil/i],
    ['relative image', '<img src="x">', /<img/i],
    ['iframe', '<iframe src="https://evil.example"></iframe>', /iframe/i],
    ['style', '<style>*{}</style><p style="color:red">x</p>', /style/i],
    ['svg onload', '<svg onload="alert(1)"></svg>', /svg|onload/i],
    ['form', '<form action="https://evil.example"><button>go</button></form>', /form|button/i],
  ])('removes a %s', (_name, markdown, forbidden) => {
    expect(renderMarkdown(markdown)).not.toMatch(forbidden);
  });

  it('keeps http(s) and mailto links and http(s) or path-absolute images', () => {
    const html = renderMarkdown(
      '[a](https://a.example) [m](mailto:x@example.com) [p](/about) ![i](/api/uploads/images/x.webp) ![j](https://cdn.example/j.png)',
    );
    expect(html).toContain('<a href="https://a.example" rel="nofollow noopener noreferrer" target="_blank">a</a>');
    expect(html).toContain('<a href="mailto:x@example.com">m</a>');
    expect(html).toContain('<a href="/about">p</a>');
    expect(html).toContain('<img src="/api/uploads/images/x.webp" alt="i"');
    expect(html).toContain('<img src="https://cdn.example/j.png" alt="j"');
  });
});

describe('markdownToText and excerptOf', () => {
  it('gives plain text with entities decoded and blocks separated', () => {
    expect(markdownToText('## A & B\n\nIt\'s <b>bold</b> & "quoted"')).toBe('A & B It\'s bold & "quoted"');
  });

  it('keeps short text whole and cuts long text at a word, with an ellipsis', () => {
    expect(excerptOf('Short one.')).toBe('Short one.');
    const excerpt = excerptOf('word '.repeat(100));
    expect(excerpt.length).toBeLessThanOrEqual(160);
    expect(excerpt).toMatch(/word…$/);
  });
});
