import { describe, expect, it } from 'vitest';
import { orderActionsFor } from './order-actions.ts';

describe('orderActionsFor (the row-menu rules)', () => {
  it('offers update, deliver and delete while ordered or shipped', () => {
    expect(orderActionsFor('ordered')).toEqual(['update', 'deliver', 'delete']);
    expect(orderActionsFor('shipped')).toEqual(['update', 'deliver', 'delete']);
  });

  it('offers nothing once delivered: delivered is final', () => {
    expect(orderActionsFor('delivered')).toEqual([]);
  });

  it('offers no delivery for a cancelled order, which can still be updated or deleted', () => {
    expect(orderActionsFor('cancelled')).toEqual(['update', 'delete']);
  });
});
