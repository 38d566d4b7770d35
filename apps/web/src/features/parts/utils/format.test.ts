import { describe, expect, it } from 'vitest';
import { formatCount, formatYen, unitLabel } from './format.ts';

describe('formatYen', () => {
  it('floors to whole yen with thousands separators', () => {
    expect(formatYen(0)).toBe('¥0');
    expect(formatYen(12.99)).toBe('¥12');
    expect(formatYen(1234567.5)).toBe('¥1,234,567');
  });
});

describe('formatCount', () => {
  it('adds thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-3)).toBe('-3');
  });
});

describe('unitLabel', () => {
  it('falls back to 個', () => {
    expect(unitLabel({ unit: null })).toBe('個');
    expect(unitLabel({ unit: 'm' })).toBe('m');
  });
});
