import type { WorkspaceMember } from '@inventory/contracts/auth';
import { EllipsisVertical, ShieldCheck, ShieldMinus, UserCheck, UserMinus } from 'lucide-react';
import type { ReactNode } from 'react';
import { DropdownMenu, type DropdownMenuItem } from '../../../components/ui/dropdown-menu.tsx';
import { MEMBER_ACTIONS, type MemberAction } from '../utils/member-actions.ts';

const ICONS: Record<MemberAction, ReactNode> = {
  remove: <UserMinus className="h-4 w-4" />,
  activate: <UserCheck className="h-4 w-4" />,
  promote: <ShieldCheck className="h-4 w-4" />,
  demote: <ShieldMinus className="h-4 w-4" />,
};

/** The row menu of a member; the caller decides which actions (memberActionsFor) and draws nothing for none. */
export function MemberActionsMenu({
  member,
  actions,
  onAction,
}: {
  member: WorkspaceMember;
  actions: MemberAction[];
  onAction: (action: MemberAction, member: WorkspaceMember) => void;
}) {
  const items: DropdownMenuItem[] = actions.map((action) => ({
    label: MEMBER_ACTIONS[action].label,
    icon: ICONS[action],
    danger: action === 'remove',
    onSelect: () => onAction(action, member),
  }));
  return (
    <DropdownMenu
      trigger={<EllipsisVertical className="h-5 w-5" aria-hidden="true" />}
      triggerLabel={`「${member.name}」の操作`}
      items={items}
    />
  );
}
