import { describe, expect, it } from 'vitest';
import { guessColumns } from './guess-columns.ts';

describe('guessColumns', () => {
  it('maps a Japanese shop export by its header names', () => {
    expect(guessColumns(['注文ID', '注文日時', '氏名', '商品名', 'バリエーション', '商品コード', '数量', '価格', '対応状況'])).toEqual({
      order_id: '注文ID',
      order_date: '注文日時',
      sku: '商品コード',
      product_name: '商品名',
      variation: 'バリエーション',
      quantity: '数量',
      unit_price: '価格',
      status: '対応状況',
    });
  });

  it('maps English headers, full-width letters and headers containing the words', () => {
    expect(guessColumns(['Order Number', 'Order Date', 'ＳＫＵ', 'Item Name', 'Qty', 'Unit Price (JPY)'])).toEqual({
      order_id: 'Order Number',
      order_date: 'Order Date',
      sku: 'ＳＫＵ',
      product_name: 'Item Name',
      variation: null,
      quantity: 'Qty',
      unit_price: 'Unit Price (JPY)',
      status: null,
    });
  });

  it('gives each header to one field only, and leaves unknown columns unmapped', () => {
    const guessed = guessColumns(['注文番号', '品番', '商品', '購入数', '販売価格', 'メモ']);
    expect(guessed).toMatchObject({ order_id: '注文番号', sku: '品番', product_name: '商品', quantity: '購入数', unit_price: '販売価格', order_date: null });
    expect(Object.values(guessed)).not.toContain('メモ');
  });
});
