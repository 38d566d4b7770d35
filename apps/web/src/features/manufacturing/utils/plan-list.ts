import type { Plan } from '@inventory/contracts/manufacturing';
import { planStatusKind } from './plan-status.ts';

const STATUS_ORDER = { active: 0, completed: 1, cancelled: 2 } as const;

/** Active plans first (what is still to be made), then completed, then cancelled; each by start date, then id. */
export function sortPlans(plans: readonly Plan[]): Plan[] {
  return [...plans].sort(
    (a, b) =>
      STATUS_ORDER[planStatusKind(a.status)] - STATUS_ORDER[planStatusKind(b.status)] ||
      a.start_date.localeCompare(b.start_date) ||
      a.id - b.id,
  );
}
