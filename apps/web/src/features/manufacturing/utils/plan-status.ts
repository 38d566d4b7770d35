import type { PlanStatus } from '@inventory/contracts/manufacturing';

/** Active and completed as they are, anything else shows as cancelled. */
export function planStatusKind(status: string): PlanStatus {
  return status === 'active' || status === 'completed' ? status : 'cancelled';
}

/** Badge colours: green, blue, grey (with dark variants). */
export const PLAN_STATUS_CLASSES: Record<PlanStatus, string> = {
  active: 'bg-green-100 text-green-800 ring-green-600/20 dark:bg-green-900/40 dark:text-green-300 dark:ring-green-400/30',
  completed: 'bg-blue-100 text-blue-800 ring-blue-600/20 dark:bg-blue-900/40 dark:text-blue-300 dark:ring-blue-400/30',
  cancelled: 'bg-gray-100 text-gray-700 ring-gray-500/20 dark:bg-gray-800 dark:text-gray-300 dark:ring-gray-400/30',
};

/** The overdue badge's colours: red, beside the status badge. */
export const PLAN_OVERDUE_CLASSES = 'bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-900/40 dark:text-red-300 dark:ring-red-400/30';

/**
 * The statuses the edit form offers: cancel and reopen. 完了 is set by manufacturing when nothing
 * remains, so it is offered only to a plan that is completed already (to keep it, or to reopen
 * it after raising the quantity).
 */
export function editableStatuses(status: PlanStatus): PlanStatus[] {
  return status === 'completed' ? ['completed', 'active', 'cancelled'] : ['active', 'cancelled'];
}
