import type { UpdateMemberBody, WorkspaceMember } from '@inventory/contracts/auth';

/**
 * What an admin can do to a member: remove an active member
 * or activate an inactive one, promote a member or demote an admin.
 */
export type MemberAction = 'remove' | 'activate' | 'promote' | 'demote';

export const MEMBER_ACTIONS: Record<MemberAction, { label: string; body: UpdateMemberBody; success: (name: string) => string }> = {
  remove: { label: 'メンバーから削除', body: { is_active: false }, success: (name) => `「${name}」をメンバーから削除しました` },
  activate: { label: '有効化', body: { is_active: true }, success: (name) => `「${name}」を有効化しました` },
  promote: { label: '管理者に昇格', body: { role: 'admin' }, success: (name) => `「${name}」を管理者に変更しました` },
  demote: { label: 'メンバーに降格', body: { role: 'member' }, success: (name) => `「${name}」をメンバーに変更しました` },
};

/** Removing and demoting take something away from someone: they are confirmed first. */
export const CONFIRMED_MEMBER_ACTIONS: ReadonlySet<MemberAction> = new Set(['remove', 'demote']);

/**
 * The actions menu of a row: only for admins, and never on the viewer's own row (nobody removes
 * or demotes themselves by a slip; the server also keeps the last active admin). Only an active
 * member is promoted (the server refuses the others); an admin who was removed can still be demoted.
 */
export function memberActionsFor(member: WorkspaceMember, viewer: { id: number; isAdmin: boolean }): MemberAction[] {
  if (!viewer.isAdmin || member.id === viewer.id) return [];
  if (member.role === 'admin') return [member.is_active ? 'remove' : 'activate', 'demote'];
  return member.is_active ? ['remove', 'promote'] : ['activate'];
}
