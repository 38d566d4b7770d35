// The plan form's messages and the plan statuses, apart from the
// zod schemas (manufacturing.ts), so the 製造計画 screen shows them without downloading zod.

export const PLAN_MESSAGES = {
  product: '商品を選択してください',
  quantity: '数量は1以上の整数で入力してください',
  startRequired: '開始日を入力してください',
  startInvalid: '開始日が無効です',
  endRequired: '終了日を入力してください',
  endInvalid: '終了日が無効です',
  endAfterStart: '終了日は開始日より後の日付にしてください',
  /** Field-level texts under the date inputs. */
  fieldInvalidDate: '有効な日付を入力してください',
  fieldEndAfterStart: '開始日より後の日付を入力してください',
} as const;

export const PLAN_STATUSES = ['active', 'completed', 'cancelled'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** Badge labels: anything but active and completed shows as cancelled. */
export const PLAN_STATUS_LABELS: Record<PlanStatus, string> = {
  active: 'アクティブ',
  completed: '完了',
  cancelled: 'キャンセル',
};

/**
 * An active plan whose end date has passed is overdue: it stays active (a manufacture dated in its
 * range still counts, an edit can extend it, キャンセル closes it) and is shown as 期限切れ.
 */
export const PLAN_OVERDUE_LABEL = '期限切れ';

export function isPlanOverdue(plan: { status: string; end_date: string }, today: string): boolean {
  return plan.status === 'active' && plan.end_date < today;
}
