import { describe, expect, it } from 'vitest';
import { formatFullDate, formatOrderDate, formatOrderQuantity } from './format.ts';

describe('order formatting', () => {
  it('writes dates as M月d日 without leading zeros', () => {
    expect(formatOrderDate('2026-05-03')).toBe('5月3日');
    expect(formatOrderDate('2026-12-31')).toBe('12月31日');
    expect(formatFullDate('2026-01-09')).toBe('2026年1月9日');
  });

  it('writes quantities in 個 with thousands separators', () => {
    expect(formatOrderQuantity(7)).toBe('7個');
    expect(formatOrderQuantity(12000)).toBe('12,000個');
  });
});
