import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../testing/make-product.ts';
import { sortProductsByName } from './sort-products.ts';

describe('sortProductsByName', () => {
  it('sorts by name in Japanese order, ties by id, without touching the input', () => {
    const products = [
      makeProduct({ id: 4, name: 'ランプ' }),
      makeProduct({ id: 2, name: 'Bag' }),
      makeProduct({ id: 3, name: 'あかり' }),
      makeProduct({ id: 1, name: 'ランプ' }),
      makeProduct({ id: 5, name: 'apple' }),
    ];
    expect(sortProductsByName(products).map((product) => `${product.name}#${product.id}`)).toEqual([
      'apple#5',
      'Bag#2',
      'あかり#3',
      'ランプ#1',
      'ランプ#4',
    ]);
    expect(products[0]?.id).toBe(4);
  });
});
