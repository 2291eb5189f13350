import { describe, expect, it } from 'vitest';
import { formatPolicyDate } from './policy-date.ts';

describe('formatPolicyDate', () => {
  it('writes the date the British way, whatever the time zone', () => {
    expect(formatPolicyDate('2026-11-01')).toBe('1 November 2026');
    expect(formatPolicyDate('2026-01-31')).toBe('31 January 2026');
  });
});
