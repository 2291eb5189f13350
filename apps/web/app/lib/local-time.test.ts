import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-time';

describe('datetime-local values', () => {
  it('shows an instant in the local time zone, to the minute, and reads it back', () => {
    const instant = new Date(2026, 10, 23, 9, 5, 42);
    expect(toLocalInput(instant.toISOString())).toBe('2026-11-23T09:05');
    expect(fromLocalInput('2026-11-23T09:05')).toBe(new Date(2026, 10, 23, 9, 5).toISOString());
  });

  it('has no value for no time, and no time for an empty or broken value', () => {
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a time')).toBeNull();
  });
});
