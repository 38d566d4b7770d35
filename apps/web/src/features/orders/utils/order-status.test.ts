import { describe, expect, it } from 'vitest';
import { makeOrder } from '../../../testing/make-order.ts';
import { isOpenOrder, isOrderLate } from './order-status.ts';

describe('isOpenOrder', () => {
  it('is true while ordered or shipped', () => {
    expect([isOpenOrder('ordered'), isOpenOrder('shipped'), isOpenOrder('delivered'), isOpenOrder('cancelled')]).toEqual([true, true, false, false]);
  });
});

describe('isOrderLate', () => {
  const today = '2026-11-20';

  it('is true for an open order expected before today, shipped or not', () => {
    expect(isOrderLate(makeOrder({ status: 'shipped', expected_delivery_date: '2026-11-10' }), today)).toBe(true);
    expect(isOrderLate(makeOrder({ status: 'ordered', expected_delivery_date: '2025-12-31' }), today)).toBe(true);
  });

  it('is false when due today or later, without a date, or once delivered or cancelled', () => {
    expect(isOrderLate(makeOrder({ status: 'ordered', expected_delivery_date: today }), today)).toBe(false);
    expect(isOrderLate(makeOrder({ status: 'ordered', expected_delivery_date: '2026-11-21' }), today)).toBe(false);
    expect(isOrderLate(makeOrder({ status: 'shipped', expected_delivery_date: null }), today)).toBe(false);
    expect(isOrderLate(makeOrder({ status: 'delivered', expected_delivery_date: '2026-11-10' }), today)).toBe(false);
    expect(isOrderLate(makeOrder({ status: 'cancelled', expected_delivery_date: '2026-11-10' }), today)).toBe(false);
  });
});
