import { describe, expect, it } from 'vitest';
import { getPartStatus, PART_STATUS_LABELS } from './part-status.ts';

describe('getPartStatus', () => {
  it.each([
    [0, 0, 'out'],
    [0, 5, 'out'],
    [1, 5, 'low'],
    [5, 5, 'low'],
    [6, 5, 'ok'],
    [1, 0, 'ok'],
  ] as const)('stock %i with minimum %i is %s', (current_stock, min_stock_alert, expected) => {
    expect(getPartStatus({ current_stock, min_stock_alert })).toBe(expected);
  });

  it('labels the statuses as the specification writes them', () => {
    expect(PART_STATUS_LABELS).toEqual({ out: '在庫なし', low: '在庫不足', ok: '在庫あり' });
  });
});
