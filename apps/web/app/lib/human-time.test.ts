import { describe, expect, it } from 'vitest';
import { humanTime } from './human-time';

describe('humanTime', () => {
  const now = new Date(2026, 10, 27, 22, 0);
  it('says today and yesterday with the time, other days by date', () => {
    expect(humanTime(new Date(2026, 10, 27, 21, 22), now)).toBe('today at 21:22');
    expect(humanTime(new Date(2026, 10, 26, 9, 5), now)).toBe('yesterday at 09:05');
    expect(humanTime(new Date(2026, 10, 3, 9, 5), now)).toBe('3 Nov');
    expect(humanTime(new Date(2025, 0, 31, 9, 5), now)).toBe('31 Jan 2025');
    expect(humanTime(new Date(2026, 0, 1, 0, 0).toISOString(), new Date(2026, 0, 2, 0, 30))).toBe('yesterday at 00:00');
  });
});
