import { describe, expect, it } from 'vitest';
import { htmlText, plainText, truncate } from './text';

describe('truncate', () => {
  it('keeps text within the length as it is', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('exactly 10', 10)).toBe('exactly 10');
  });

  it('cuts long text at the last word boundary within the length, then adds an ellipsis', () => {
    // docs/product.md section 9: the home card is 70 characters; the old cut ended in "stru...".
    const description =
      'We design, build and run cloud platforms that scale with your business and structure your data.';
    const cut = truncate(description, 70);
    expect(cut).toBe('We design, build and run cloud platforms that scale with your business...');
    expect(cut.length - 3).toBeLessThanOrEqual(70);
    // A cut that falls exactly between two words keeps the whole last word.
    expect(truncate('one two three', 7)).toBe('one two...');
    expect(truncate('one two three', 6)).toBe('one...');
    // Punctuation left at the end of the cut is dropped before the ellipsis.
    expect(truncate('first, second word', 12)).toBe('first...');
  });

  it('cuts inside a word only when the first word alone is longer than the length', () => {
    expect(truncate('abcdefghijk', 10)).toBe('abcdefghij...');
  });
});

describe('plainText', () => {
  it('drops Markdown syntax but keeps link text', () => {
    expect(plainText('# Title\n\nSee [our site](https://x.test) **now**')).toBe('Title See our site now');
  });
});

describe('htmlText', () => {
  it('reads rendered Markdown as its text', () => {
    expect(
      htmlText(
        '<p>Tom &amp; Jerry&#39;s <a href="mailto:a@b.c">a@b.c</a></p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n',
      ),
    ).toBe("Tom & Jerry's a@b.c one two");
  });
});
