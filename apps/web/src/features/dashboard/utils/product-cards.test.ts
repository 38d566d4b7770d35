import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../testing/make-product.ts';
import { canManufacture, canSell, toProductCards } from './product-cards.ts';

describe('toProductCards', () => {
  it('sorts by name in Japanese order (ties by id) and counts an unlisted product as 0', () => {
    const cards = toProductCards(
      [
        makeProduct({ id: 3, name: 'ランプ' }),
        makeProduct({ id: 2, name: 'あかり' }),
        makeProduct({ id: 1, name: 'ランプ' }),
        makeProduct({ id: 4, name: 'アクセサリー台' }),
      ],
      [
        { product_id: 1, max_manufacturable: 5 },
        { product_id: 2, max_manufacturable: 0 },
        { product_id: 4, max_manufacturable: 12 },
      ],
    );
    expect(cards.map(({ product, capacity }) => [product.id, product.name, capacity])).toEqual([
      // Hiragana and katakana compare by sound: a-ka before a-ku.
      [2, 'あかり', 0],
      [4, 'アクセサリー台', 12],
      [1, 'ランプ', 5],
      [3, 'ランプ', 0],
    ]);
  });

  it('allows manufacturing above a count of 0 and selling above a stock of 0', () => {
    const [empty, full] = toProductCards(
      [makeProduct({ id: 1, name: 'a', current_stock: 0 }), makeProduct({ id: 2, name: 'b', current_stock: 1 })],
      [{ product_id: 2, max_manufacturable: 1 }],
    );
    expect([canManufacture(empty!), canSell(empty!)]).toEqual([false, false]);
    expect([canManufacture(full!), canSell(full!)]).toEqual([true, true]);
  });
});
