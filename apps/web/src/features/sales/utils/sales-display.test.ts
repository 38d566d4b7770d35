import { describe, expect, it } from 'vitest';
import { formatAverageUnitPrice, lossToneClass, profitToneClass } from './sales-display.ts';

describe('sales display', () => {
  it('rounds the average unit price where other amounts are floored', () => {
    expect(formatAverageUnitPrice(1234.5)).toBe('¥1,235');
    expect(formatAverageUnitPrice(1234.49)).toBe('¥1,234');
    expect(formatAverageUnitPrice(999.6)).toBe('¥1,000');
  });

  it('colours profit green from 0 and red below, and marks only losses in tables', () => {
    expect(profitToneClass(0)).toContain('text-green-700');
    expect(profitToneClass(12.5)).toContain('text-green-700');
    expect(profitToneClass(-0.1)).toContain('text-red-700');
    expect(lossToneClass(0)).toBeUndefined();
    expect(lossToneClass(-1)).toContain('text-red-700');
  });
});
