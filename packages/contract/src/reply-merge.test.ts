import { describe, expect, it } from 'vitest';
import { fillMergeFields, mergeValuesOf } from './reply-merge.ts';

const quote = {
  fullName: 'Ada Lovelace',
  companyName: 'Engines Ltd',
  services: 'Website Development',
  budget: 'Not Specified',
};

describe('merge fields', () => {
  it('fills the known fields in one pass and lists the rest once each: unknown, or without a value', () => {
    const values = mergeValuesOf('quotes', quote, { name: '  Alice   Admin ' });
    expect(values).toMatchObject({ firstName: 'Ada', company: 'Engines Ltd', budget: null, senderFirstName: 'Alice' });
    const filled = fillMergeFields('Hi {firstName} {nmae} {budget} {nmae} {senderName} {firstname', values);
    expect(filled.text).toBe('Hi Ada {nmae} {budget} {nmae} Alice Admin {firstname');
    expect(filled.problems).toEqual([
      { token: '{nmae}', reason: 'unknown' },
      { token: '{budget}', reason: 'empty' },
    ]);
  });

  it('never reads a filled value as a token', () => {
    const values = mergeValuesOf('contacts', { name: 'Bob {company}' }, { name: 'Eve' });
    expect(fillMergeFields('Dear {name}', values)).toEqual({ text: 'Dear Bob {company}', problems: [] });
  });
});
