import { describe, expect, it } from 'vitest';
import { changedFields, mergeFields } from './document-diff';

const base = { hero: { title: 'A', lead: 'B' }, plans: [{ name: 'Starter', price: 1 }] };

describe('document diff', () => {
  it('lists the fields that differ by their paths', () => {
    const other = {
      hero: { title: 'A2', lead: 'B' },
      plans: [
        { name: 'Starter', price: 2 },
        { name: 'New', price: 3 },
      ],
    };
    expect(changedFields(base, other)).toEqual(['hero.title', 'plans.0.price', 'plans.1.name', 'plans.1.price']);
    expect(changedFields(base, base)).toEqual([]);
  });

  it('merges: their changes, mine where they did not change, and mine where I chose', () => {
    const mine = { hero: { title: 'Mine', lead: 'Mine too' }, plans: [{ name: 'Starter', price: 1 }] };
    const theirs = { hero: { title: 'Theirs', lead: 'B' }, plans: [{ name: 'Starter', price: 9 }] };
    expect(mergeFields(base, mine, theirs, new Set())).toEqual({
      hero: { title: 'Theirs', lead: 'Mine too' },
      plans: [{ name: 'Starter', price: 9 }],
    });
    expect(mergeFields(base, mine, theirs, new Set(['hero.title']))).toEqual({
      hero: { title: 'Mine', lead: 'Mine too' },
      plans: [{ name: 'Starter', price: 9 }],
    });
  });
});
