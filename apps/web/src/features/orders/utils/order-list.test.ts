import { describe, expect, it } from 'vitest';
import { makeOrder } from '../../../testing/make-order.ts';
import {
  applyOrderFilters,
  DEFAULT_ORDER_FILTERS,
  filterOrders,
  hasActiveOrderFilters,
  ORDER_SORT_LABELS,
  sortOrders,
  thisMonthDeliveries,
  orderFiltersInUrl,
} from './order-list.ts';

const orders = [
  makeOrder({ id: 1, part_name: 'ネジ M3', order_date: '2026-05-02', expected_delivery_date: '2026-05-20', status: 'ordered' }),
  makeOrder({ id: 2, part_name: 'LED 赤', order_date: '2026-04-10', expected_delivery_date: null, status: 'shipped' }),
  makeOrder({ id: 3, part_name: 'あかりセンサー', order_date: '2026-05-02', expected_delivery_date: '2026-05-08', status: 'delivered' }),
  makeOrder({ id: 4, part_name: 'かしめ金具', order_date: '2026-06-01', expected_delivery_date: '2026-06-15', status: 'cancelled' }),
  makeOrder({ id: 5, part_name: 'ＬＥＤ 青', order_date: '2026-03-01', expected_delivery_date: null, status: 'ordered' }),
];
const ids = (list: { id: number }[]) => list.map((order) => order.id);

describe('sort options', () => {
  it('has the five options of the specification, newest order date first by default', () => {
    expect(Object.values(ORDER_SORT_LABELS)).toEqual([
      '発注日（新しい順）',
      '発注日（古い順）',
      '納入予定日（早い順）',
      '納入予定日（遅い順）',
      '部品名（昇順）',
    ]);
    expect(DEFAULT_ORDER_FILTERS.sort).toBe('order_date_desc');
  });
});

describe('sortOrders', () => {
  it('sorts by order date, newest or oldest first, same dates by id', () => {
    expect(ids(sortOrders(orders, 'order_date_desc'))).toEqual([4, 3, 1, 2, 5]);
    expect(ids(sortOrders(orders, 'order_date_asc'))).toEqual([5, 2, 1, 3, 4]);
  });

  it('sorts by expected delivery date with orders without a date last in both directions', () => {
    expect(ids(sortOrders(orders, 'delivery_asc'))).toEqual([3, 1, 4, 2, 5]);
    expect(ids(sortOrders(orders, 'delivery_desc'))).toEqual([4, 1, 3, 2, 5]);
  });

  it('sorts part names with Japanese collation (localeCompare with ja)', () => {
    const sorted = sortOrders(orders, 'part_name_asc');
    const expected = [...orders].sort((a, b) => a.part_name.localeCompare(b.part_name, 'ja') || b.id - a.id);
    expect(ids(sorted)).toEqual(ids(expected));
    // Latin before kana, hiragana in gojūon order (あ before か), katakana interleaved with hiragana.
    const kana = sortOrders(
      [
        makeOrder({ id: 10, part_name: 'ナット' }),
        makeOrder({ id: 11, part_name: 'かしめ' }),
        makeOrder({ id: 12, part_name: 'アンプ' }),
        makeOrder({ id: 13, part_name: 'Arduino' }),
      ],
      'part_name_asc',
    );
    expect(kana.map((order) => order.part_name)).toEqual(['Arduino', 'アンプ', 'かしめ', 'ナット']);
  });

  it('never changes its input', () => {
    sortOrders(orders, 'part_name_asc');
    expect(ids(orders)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('filterOrders', () => {
  it('keeps every order for すべて and only the chosen status otherwise', () => {
    expect(ids(filterOrders(orders, { status: 'all', search: '' }))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(filterOrders(orders, { status: 'ordered', search: '' }))).toEqual([1, 5]);
    expect(ids(filterOrders(orders, { status: 'shipped', search: '' }))).toEqual([2]);
    expect(ids(filterOrders(orders, { status: 'delivered', search: '' }))).toEqual([3]);
    expect(ids(filterOrders(orders, { status: 'cancelled', search: '' }))).toEqual([4]);
  });

  it('searches part names ignoring case, width and surrounding spaces', () => {
    expect(ids(filterOrders(orders, { status: 'all', search: 'led' }))).toEqual([2, 5]);
    expect(ids(filterOrders(orders, { status: 'all', search: '  ｍ３ ' }))).toEqual([1]);
    expect(ids(filterOrders(orders, { status: 'all', search: 'センサー' }))).toEqual([3]);
    expect(ids(filterOrders(orders, { status: 'all', search: 'ボルト' }))).toEqual([]);
  });

  it('finds katakana part names from hiragana', () => {
    expect(ids(filterOrders(orders, { status: 'all', search: 'せんさー' }))).toEqual([3]);
  });

  it('combines status, search and sort', () => {
    expect(ids(applyOrderFilters(orders, { status: 'ordered', search: 'LED', sort: 'order_date_desc', due: 'all' }))).toEqual([5]);
    expect(ids(applyOrderFilters(orders, { status: 'all', search: 'led', sort: 'order_date_asc', due: 'all' }))).toEqual([5, 2]);
  });

  it('knows when something differs from the defaults (the clear button)', () => {
    expect(hasActiveOrderFilters(DEFAULT_ORDER_FILTERS)).toBe(false);
    expect(hasActiveOrderFilters({ ...DEFAULT_ORDER_FILTERS, search: '  ' })).toBe(false);
    expect(hasActiveOrderFilters({ ...DEFAULT_ORDER_FILTERS, status: 'shipped' })).toBe(true);
    expect(hasActiveOrderFilters({ ...DEFAULT_ORDER_FILTERS, search: 'x' })).toBe(true);
    expect(hasActiveOrderFilters({ ...DEFAULT_ORDER_FILTERS, sort: 'part_name_asc' })).toBe(true);
    expect(hasActiveOrderFilters({ ...DEFAULT_ORDER_FILTERS, due: 'overdue' })).toBe(true);
  });
});

describe('thisMonthDeliveries', () => {
  const today = new Date(2026, 4, 15);

  it('keeps open orders due in the current year and month, earliest first', () => {
    const list = [
      makeOrder({ id: 1, expected_delivery_date: '2026-05-31', status: 'shipped' }),
      makeOrder({ id: 2, expected_delivery_date: '2026-05-01', status: 'ordered' }),
      makeOrder({ id: 3, expected_delivery_date: '2026-05-10', status: 'delivered' }),
      makeOrder({ id: 4, expected_delivery_date: '2026-05-10', status: 'cancelled' }),
      makeOrder({ id: 5, expected_delivery_date: '2026-04-30', status: 'ordered' }),
      makeOrder({ id: 6, expected_delivery_date: '2026-06-01', status: 'ordered' }),
      makeOrder({ id: 7, expected_delivery_date: '2025-05-10', status: 'ordered' }),
      makeOrder({ id: 8, expected_delivery_date: null, status: 'ordered' }),
    ];
    expect(ids(thisMonthDeliveries(list, today))).toEqual([2, 1]);
  });

  it('is empty when nothing is due this month', () => {
    expect(thisMonthDeliveries([makeOrder({ expected_delivery_date: '2026-06-01' })], today)).toEqual([]);
  });
});

describe('orderFiltersInUrl', () => {
  const parse = (query: string) => orderFiltersInUrl.parse(new URLSearchParams(query));

  it('reads the banners\' links and falls back to the defaults for unknown values', () => {
    expect(parse('')).toEqual(DEFAULT_ORDER_FILTERS);
    expect(parse('due=overdue&sort=delivery_asc')).toEqual({ ...DEFAULT_ORDER_FILTERS, due: 'overdue', sort: 'delivery_asc' });
    expect(parse('q=LED&status=shipped&due=upcoming')).toEqual({ ...DEFAULT_ORDER_FILTERS, search: 'LED', status: 'shipped', due: 'upcoming' });
    expect(parse('status=lost&sort=random&due=soon')).toEqual(DEFAULT_ORDER_FILTERS);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(orderFiltersInUrl.serialise(DEFAULT_ORDER_FILTERS).toString()).toBe('');
    const filters = { search: 'ネジ', status: 'ordered', sort: 'part_name_asc', due: 'overdue' } as const;
    expect(parse(orderFiltersInUrl.serialise(filters).toString())).toEqual(filters);
  });
});
