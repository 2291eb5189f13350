import { describe, expect, it } from 'vitest';
import { bestMatch, shownWords } from './find-field';

describe('the field of a text clicked in the preview', () => {
  it('compares Markdown as the words it shows', () => {
    expect(shownWords('## Cabling\n\nCat 6A to **every** [desk](/desks).')).toBe('cabling cat 6a to every desk.');
  });

  it('prefers the value equal to the text, then the shortest holding it, then the longest it holds', () => {
    const values = ['Startup', 'Website for a startup', 'Basic', 'Website for a startup that grows'];
    expect(bestMatch('website for a  STARTUP', values)).toBe(1);
    expect(bestMatch('for a startup', values)).toBe(1);
    expect(bestMatch('Startup Basic plan', values)).toBe(0);
    expect(bestMatch('Nothing here', values)).toBe(-1);
    expect(bestMatch('', values)).toBe(-1);
  });

  it('finds a paragraph of a Markdown field by its rendered words', () => {
    expect(bestMatch('Cat 6A to every desk.', ['Cabling', '## Cabling\n\nCat 6A to **every** desk.'])).toBe(1);
  });
});
