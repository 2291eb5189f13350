import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown-preview';

describe('the editor’s Markdown preview', () => {
  it('renders Markdown', () => {
    expect(renderMarkdown('## Plans\n\n**Bold** and [a link](/packages)')).toBe(
      '<h2>Plans</h2>\n<p><strong>Bold</strong> and <a href="/packages">a link</a></p>\n',
    );
  });

  it('never lets typed HTML or script addresses run', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> [x](javascript:alert(1))');
    expect(html).not.toMatch(/<script|<img|javascript:/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<a href="#">x</a>');
  });
});
