import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BrandMark } from './icons';

/** The shapes inside an `<svg>`, as markup, each closed as `<rect …/>` (React writes `<rect …></rect>`). */
const shapes = (svg: string) =>
  svg
    .replace(/^<svg[^>]*>|<\/svg>\s*$/g, '')
    .replace(/><\/\w+>/g, '/>')
    .replace(/\s*\/>/g, '/>');

describe('BrandMark', () => {
  it('draws what public/favicon.svg draws', () => {
    const favicon = readFileSync(new URL('../../../public/favicon.svg', import.meta.url), 'utf8').trim();
    const mark = renderToStaticMarkup(<BrandMark />);
    expect(shapes(mark)).toBe(shapes(favicon));
    expect(mark).toContain('viewBox="0 0 32 32"');
    expect(favicon).toContain('viewBox="0 0 32 32"');
  });
});
