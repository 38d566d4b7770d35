import { describe, expect, it } from 'vitest';
import { makePlan } from '../../../testing/make-plan.ts';
import { makeProduct } from '../../../testing/make-product.ts';
import { capacityCards } from './capacity-cards.ts';
import { sortPlans } from './plan-list.ts';
import { planProgress } from './plan-progress.ts';
import { editableStatuses, planStatusKind } from './plan-status.ts';

describe('planProgress', () => {
  it('counts what was made and rounds the percentage', () => {
    expect(planProgress({ quantity: 10, remaining_quantity: 10 })).toEqual({ completed: 0, percentage: 0 });
    expect(planProgress({ quantity: 3, remaining_quantity: 1 })).toEqual({ completed: 2, percentage: 67 });
    expect(planProgress({ quantity: 8, remaining_quantity: 7 })).toEqual({ completed: 1, percentage: 13 });
    expect(planProgress({ quantity: 5, remaining_quantity: 0 })).toEqual({ completed: 5, percentage: 100 });
  });
});

describe('plan status', () => {
  it('shows anything but active and completed as cancelled', () => {
    expect(['active', 'completed', 'cancelled', 'paused', ''].map(planStatusKind)).toEqual([
      'active',
      'completed',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
  });

  it('offers cancel and reopen, and 完了 only to a completed plan', () => {
    expect(editableStatuses('active')).toEqual(['active', 'cancelled']);
    expect(editableStatuses('cancelled')).toEqual(['active', 'cancelled']);
    expect(editableStatuses('completed')).toEqual(['completed', 'active', 'cancelled']);
  });
});

describe('sortPlans', () => {
  it('puts active plans first, then completed, then cancelled, each by start date', () => {
    const plans = [
      makePlan({ id: 1, status: 'cancelled', start_date: '2026-01-01' }),
      makePlan({ id: 2, status: 'active', start_date: '2026-06-01' }),
      makePlan({ id: 3, status: 'completed', start_date: '2026-02-01' }),
      makePlan({ id: 4, status: 'active', start_date: '2026-05-01' }),
    ];
    expect(sortPlans(plans).map((plan) => plan.id)).toEqual([4, 2, 3, 1]);
  });
});

describe('capacityCards', () => {
  const products = [makeProduct({ id: 1, name: 'ランプ' }), makeProduct({ id: 2, name: 'かご' })];

  it('sorts by name and takes each count from the one answer, 0 when missing', () => {
    expect(capacityCards(products, [{ product_id: 1, max_manufacturable: 7 }]).map((card) => [card.product.name, card.maxManufacturable])).toEqual([
      ['かご', 0],
      ['ランプ', 7],
    ]);
  });

  it('has no counts while they load', () => {
    expect(capacityCards(products, null).map((card) => card.maxManufacturable)).toEqual([null, null]);
  });
});
