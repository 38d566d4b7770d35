import type { Plan } from '@inventory/contracts/manufacturing';

/** Completed = quantity − remaining; percentage rounded. */
export function planProgress(plan: Pick<Plan, 'quantity' | 'remaining_quantity'>) {
  const completed = plan.quantity - plan.remaining_quantity;
  const percentage = plan.quantity > 0 ? Math.round((completed / plan.quantity) * 100) : 0;
  return { completed, percentage };
}
