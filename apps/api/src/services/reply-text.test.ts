import { describe, expect, it } from 'vitest';
import { stripQuotedHistory } from './reply-text.ts';

describe('stripQuotedHistory', () => {
  it('keeps what was written above the quoted history of common mail programs', () => {
    expect(stripQuotedHistory('Yes.\r\n\r\nOn Mon, 1 Dec 2026 at 10:00, Agency <a@b.c> wrote:\r\n> Hello\r\n')).toBe(
      'Yes.',
    );
    expect(stripQuotedHistory('Fine\nOn Mon, 1 Dec 2026 at 10:00, Agency\n<a@b.c> wrote:\n> Hello')).toBe('Fine');
    expect(stripQuotedHistory('Ok\n-----Original Message-----\nFrom: x')).toBe('Ok');
    expect(stripQuotedHistory('Ok\n\nFrom: Agency <a@b.c>\nSent: Monday\nTo: me\n\nHello')).toBe('Ok');
    expect(stripQuotedHistory('> quoted\nanswer in between\n> more')).toBe('answer in between');
  });

  it('keeps a message that is all history rather than nothing', () => {
    expect(stripQuotedHistory('> only quoted')).toBe('> only quoted');
  });
});
