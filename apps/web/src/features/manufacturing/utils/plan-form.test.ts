import { PLAN_MESSAGES } from '@inventory/contracts/manufacturing';
import { describe, expect, it } from 'vitest';
import { canCheckRequirements, dateInputValue, planDateFieldMessages, planFormErrorMessages, requirementsCheckBody } from './plan-form.ts';

describe('planDateFieldMessages', () => {
  it('says nothing for valid dates in order, or for empty ones', () => {
    expect(planDateFieldMessages({ start_date: '2026-05-01', end_date: '2026-05-02' }, {})).toEqual({ start: undefined, end: undefined });
    expect(planDateFieldMessages({ start_date: '', end_date: '' }, {})).toEqual({ start: undefined, end: undefined });
  });

  it('flags typed dates that are not calendar dates', () => {
    expect(planDateFieldMessages({ start_date: '2026-02-30', end_date: '12026-01-01' }, {})).toEqual({
      start: PLAN_MESSAGES.fieldInvalidDate,
      end: PLAN_MESSAGES.fieldInvalidDate,
    });
  });

  it('flags an end on or before the start', () => {
    expect(planDateFieldMessages({ start_date: '2026-05-02', end_date: '2026-05-02' }, {}).end).toBe(PLAN_MESSAGES.fieldEndAfterStart);
    expect(planDateFieldMessages({ start_date: '2026-05-02', end_date: '2026-05-01' }, {}).end).toBe(PLAN_MESSAGES.fieldEndAfterStart);
  });

  it('adds the invalid dates only validation saw (half-typed inputs)', () => {
    const errors = { start_date: { type: 'custom', message: PLAN_MESSAGES.startInvalid }, end_date: { type: 'custom', message: PLAN_MESSAGES.endRequired } };
    expect(planDateFieldMessages({ start_date: '', end_date: '' }, errors)).toEqual({ start: PLAN_MESSAGES.fieldInvalidDate, end: undefined });
  });
});

describe('dateInputValue', () => {
  const input = (badInput: boolean) => ({ validity: { badInput } }) as HTMLInputElement;
  it('keeps the value unless the browser holds a half-typed date', () => {
    expect(dateInputValue(input(false), '')).toBe('');
    expect(dateInputValue(input(false), '2026-05-01')).toBe('2026-05-01');
    expect(dateInputValue(null, '')).toBe('');
    expect(dateInputValue(input(true), '')).not.toBe('');
  });
});

describe('planFormErrorMessages', () => {
  it('lists the messages in the order of the fields given', () => {
    const errors = { end_date: { type: 'custom', message: 'B' }, product_id: { type: 'custom', message: 'A' } };
    expect(planFormErrorMessages(errors, ['product_id', 'quantity', 'end_date'])).toEqual(['A', 'B']);
  });
});

describe('requirements check', () => {
  it('needs a product and a quantity above 0', () => {
    expect(canCheckRequirements({ product_id: 1, quantity: 1 })).toBe(true);
    expect(canCheckRequirements({ product_id: Number.NaN, quantity: 1 })).toBe(false);
    expect(canCheckRequirements({ product_id: 1, quantity: 0 })).toBe(false);
    expect(canCheckRequirements({ product_id: 1, quantity: Number.NaN })).toBe(false);
  });

  it('sends the order, the valid dates and reduce_by_manufacturing', () => {
    expect(requirementsCheckBody({ product_id: 3, quantity: 4, start_date: '2026-05-01', end_date: '2026-05-09' })).toEqual({
      orders: [{ product_id: 3, quantity: 4 }],
      start_date: '2026-05-01',
      end_date: '2026-05-09',
      reduce_by_manufacturing: true,
    });
    expect(requirementsCheckBody({ product_id: 3, quantity: 4, start_date: '', end_date: '2026-13-01' })).toEqual({
      orders: [{ product_id: 3, quantity: 4 }],
      reduce_by_manufacturing: true,
    });
  });
});
