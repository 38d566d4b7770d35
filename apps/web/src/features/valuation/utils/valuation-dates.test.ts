import { describe, expect, it } from 'vitest';
import { lastYearEnd } from './valuation-dates.ts';

describe('lastYearEnd', () => {
  it('is the last 31 December', () => {
    expect(lastYearEnd(new Date(2026, 10, 27))).toBe('2025-12-31');
    expect(lastYearEnd(new Date(2027, 0, 1))).toBe('2026-12-31');
    expect(lastYearEnd(new Date(2026, 11, 31))).toBe('2026-12-31');
    expect(lastYearEnd(new Date(2026, 11, 30))).toBe('2025-12-31');
  });
});
