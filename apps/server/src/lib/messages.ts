// Messages more than one domain (and the routes) answer with.

export const notFoundMessages = {
  part: '部品が見つかりません',
  product: '商品が見つかりません',
  tag: 'タグが見つかりません',
  order: '発注が見つかりません',
  plan: '製造計画が見つかりません',
  sale: '売上記録が見つかりません',
  workspace: 'ワークスペースが見つかりません',
  member: 'メンバーが見つかりません',
  announcement: '告知が見つかりません',
} as const;

/** The answer of an admin-only call to a member (the guard's, and a service's re-check under a lock). */
export const ADMIN_REQUIRED_MESSAGE = '管理者権限が必要です';
