import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDateTime,
  formatFullDate,
  formatIsoDate,
  formatJapaneseDateTime,
  formatQuantity,
  formatMargin,
  formatShortDate,
  formatSignedCount,
  formatFullMonth,
  formatMonth,
  formatYen,
  truncateText,
} from './format.ts';

describe('formatYen', () => {
  it('floors to whole yen with thousands separators', () => {
    expect(formatYen(0)).toBe('¥0');
    expect(formatYen(12.99)).toBe('¥12');
    expect(formatYen(3769.5)).toBe('¥3,769');
    expect(formatYen(1234567.5)).toBe('¥1,234,567');
  });

  it('puts the minus of a negative amount before the ¥, floored like every amount', () => {
    expect(formatYen(-4)).toBe('-¥4');
    expect(formatYen(-12.5)).toBe('-¥13');
    expect(formatYen(-1200)).toBe('-¥1,200');
    expect(formatYen(-0)).toBe('¥0');
  });
});

describe('formatMargin', () => {

  it('writes the margin with one decimal', () => {
    expect(formatMargin(75.7)).toBe('75.7%');
    expect(formatMargin(25)).toBe('25.0%');
    expect(formatMargin(-3.25)).toBe('-3.3%');
  });
});

describe('counts', () => {
  it('adds thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-3)).toBe('-3');
  });

  it('signs changes', () => {
    expect(formatSignedCount(1200)).toBe('+1,200');
    expect(formatSignedCount(-3)).toBe('-3');
    expect(formatSignedCount(0)).toBe('0');
  });

  it('writes quantities with their unit, 個 by default', () => {
    expect(formatQuantity(7)).toBe('7個');
    expect(formatQuantity(12000)).toBe('12,000個');
    expect(formatQuantity(3, 'm')).toBe('3m');
  });
});

describe('dates', () => {
  it('writes dates as M月d日 without leading zeros, and in full', () => {
    const today = new Date(2026, 10, 27);
    expect(formatShortDate('2026-05-03', today)).toBe('5月3日');
    expect(formatShortDate('2026-12-31', today)).toBe('12月31日');
    expect(formatFullDate('2026-01-09')).toBe('2026年1月9日');
  });

  it('adds the year to a short date of another year than today', () => {
    const today = new Date(2026, 0, 5);
    expect(formatShortDate('2025-11-10', today)).toBe('2025年11月10日');
    expect(formatShortDate('2027-01-02', today)).toBe('2027年1月2日');
    expect(formatShortDate('2026-11-10', today)).toBe('11月10日');
  });

  it('writes the months of the API (yyyy-MM) short and in full', () => {
    expect(formatMonth('2026-05')).toBe('5月');
    expect(formatMonth('2025-12')).toBe('12月');
    expect(formatFullMonth('2026-05')).toBe('2026年5月');
  });

  it('writes local timestamps and API dates', () => {
    expect(formatDateTime(new Date(2026, 0, 9, 7, 5).toISOString())).toBe('2026-01-09 07:05');
    expect(formatIsoDate(new Date(2026, 0, 9, 23, 59))).toBe('2026-01-09');
    expect(formatJapaneseDateTime(new Date(2026, 0, 9, 7, 5).toISOString())).toBe('2026年1月9日 7:05');
    expect(formatJapaneseDateTime(new Date(2026, 11, 24, 18, 30).toISOString())).toBe('2026年12月24日 18:30');
  });
});

describe('truncateText', () => {
  it('keeps texts of up to max characters whole', () => {
    expect(truncateText('1234567890123', 13)).toBe('1234567890123');
    expect(truncateText('ネジ', 13)).toBe('ネジ');
  });

  it('cuts longer texts to max characters and marks the cut', () => {
    expect(truncateText('12345678901234', 13)).toBe('1234567890123...');
    expect(truncateText('とても長い部品の名前がここに続きます', 13)).toBe('とても長い部品の名前がここ...');
  });

  it('counts characters outside the basic plane as one', () => {
    expect(truncateText('𠮷'.repeat(14), 13)).toBe(`${'𠮷'.repeat(13)}...`);
  });
});
