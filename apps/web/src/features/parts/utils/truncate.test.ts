import { describe, expect, it } from 'vitest';
import { truncateText } from './truncate.ts';

describe('truncateText', () => {
  it('keeps names of up to 13 characters whole', () => {
    expect(truncateText('1234567890123')).toBe('1234567890123');
    expect(truncateText('ネジ')).toBe('ネジ');
  });

  it('cuts longer names to 13 characters and marks the cut', () => {
    expect(truncateText('12345678901234')).toBe('1234567890123...');
    expect(truncateText('とても長い部品の名前がここに続きます')).toBe('とても長い部品の名前がここ...');
  });

  it('counts characters outside the basic plane as one', () => {
    expect(truncateText('𠮷'.repeat(14))).toBe(`${'𠮷'.repeat(13)}...`);
  });
});
