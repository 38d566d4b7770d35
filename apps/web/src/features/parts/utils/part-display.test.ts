import { describe, expect, it } from 'vitest';
import { truncatePartName, unitLabel } from './part-display.ts';

describe('part display', () => {
  it('cuts names after 13 characters', () => {
    expect(truncatePartName('1234567890123')).toBe('1234567890123');
    expect(truncatePartName('12345678901234')).toBe('1234567890123...');
  });

  it('falls back to 個 as the unit', () => {
    expect(unitLabel({ unit: null })).toBe('個');
    expect(unitLabel({ unit: 'm' })).toBe('m');
  });
});
