import { describe, expect, it } from 'vitest';
import { diffLines } from './diff';

describe('diffLines', () => {
  it('marks kept, removed and added lines in order', () => {
    expect(diffLines('a\nb\nc', 'a\nx\nc\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'x' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
  });

  it('is all kept for equal texts and all changed for disjoint ones', () => {
    expect(diffLines('one\ntwo', 'one\ntwo').every((line) => line.kind === 'same')).toBe(true);
    expect(diffLines('old', 'new')).toEqual([
      { kind: 'removed', text: 'old' },
      { kind: 'added', text: 'new' },
    ]);
  });
});
