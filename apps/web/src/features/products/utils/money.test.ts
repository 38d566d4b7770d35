import { describe, expect, it } from 'vitest';
import { formatMargin, formatSignedYen } from './money.ts';

describe('product money formats', () => {
  it('floors yen and puts a minus before the ¥', () => {
    expect(formatSignedYen(3769.5)).toBe('¥3,769');
    expect(formatSignedYen(0)).toBe('¥0');
    expect(formatSignedYen(-12.5)).toBe('-¥13');
    expect(formatSignedYen(-1200)).toBe('-¥1,200');
  });

  it('writes the margin with one decimal', () => {
    expect(formatMargin(75.7)).toBe('75.7%');
    expect(formatMargin(25)).toBe('25.0%');
    expect(formatMargin(-3.25)).toBe('-3.3%');
  });
});
