import { describe, expect, it } from 'vitest';
import { plainText, truncate } from './text';

describe('truncate', () => {
  it('keeps short text and cuts long text with an ellipsis', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('abcdefghijk', 10)).toBe('abcdefghij...');
  });
});

describe('plainText', () => {
  it('drops Markdown syntax but keeps link text', () => {
    expect(plainText('# Title\n\nSee [our site](https://x.test) **now**')).toBe('Title See our site now');
  });
});
