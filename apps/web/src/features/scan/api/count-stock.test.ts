import type { ScannedItem } from '@inventory/contracts/scan';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/api-mock.tsx';
import { countStock } from './count-stock.ts';

const part = { kind: 'part', id: 7, name: '杉板', current_stock: 12, unit: '枚' } as unknown as ScannedItem;

describe('countStock', () => {
  it('records the count in the stocktake being counted', async () => {
    const calls = mockApi({
      'GET /stocktakes': () => ({ body: [{ id: 3, name: '月末棚卸し', status: 'counting' }, { id: 2, name: '前回', status: 'committed' }] }),
      'PUT /stocktakes/3/counts': () => ({ body: { counted: 1 } }),
    });
    await expect(countStock({ item: part, counted: 10, reason: 'variance', reasonNote: '' })).resolves.toEqual({ into: 'stocktake', stocktakeName: '月末棚卸し' });
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', path: '/stocktakes/3/counts', body: { counts: [{ part_id: 7, counted: 10 }] } });
  });

  it('edits the stock with the reason code when no stocktake is being counted', async () => {
    const calls = mockApi({
      'GET /stocktakes': () => ({ body: [{ id: 2, name: '前回', status: 'committed' }] }),
      'PUT /parts/7': () => ({ body: {} }),
    });
    await expect(countStock({ item: part, counted: 10, reason: 'other', reasonNote: ' 見本に使用 ' })).resolves.toEqual({ into: 'stock-edit' });
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', path: '/parts/7', body: { current_stock: 10, reason: 'other', reason_note: '見本に使用' } });
  });
});
