import type { WorkspaceMember } from '@inventory/contracts/auth';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { lazyComponent } from '../../../lib/lazy-code.tsx';
import { notify } from '../../../lib/notify.ts';
import { useModal } from '../../../lib/use-modal.ts';
import { useMembers } from '../api/get-members.ts';
import { useUpdateMember } from '../api/update-member.ts';
import { CONFIRMED_MEMBER_ACTIONS, MEMBER_ACTIONS, type MemberAction, memberActionsFor } from '../utils/member-actions.ts';
import { MembersTable } from './members-table.tsx';
import { SettingsSection } from './settings-section.tsx';

// Loaded on the first question, as in invitation-section.tsx.
const ConfirmModal = lazyComponent(async () => (await import('../../../components/ui/confirm-modal.tsx')).ConfirmModal);

type ConfirmedAction = { action: MemberAction; member: WorkspaceMember };

/** メンバー管理: the member table and its actions (activate or remove, promote or demote). */
export function MembersSection({ currentUserId, isAdmin }: { currentUserId: number; isAdmin: boolean }) {
  const members = useMembers();
  const update = useUpdateMember();
  const { modal, openModal, closeModal } = useModal<ConfirmedAction>();

  const run = (action: MemberAction, member: WorkspaceMember) =>
    update.mutate(
      { id: member.id, body: MEMBER_ACTIONS[action].body },
      {
        onSuccess: () => notify.success(MEMBER_ACTIONS[action].success(member.name)),
        onError: (error) => notify.error(error.message),
        onSettled: closeModal,
      },
    );

  const handleAction = (action: MemberAction, member: WorkspaceMember) => {
    if (CONFIRMED_MEMBER_ACTIONS.has(action)) openModal({ action, member });
    else run(action, member);
  };

  return (
    <SettingsSection title="メンバー管理">
      {members.isPending ? (
        <LoadingSpinner label="メンバーを読み込み中..." className="py-8" />
      ) : members.isError ? (
        <ErrorBanner message={members.error.message} onRetry={() => void members.refetch()} />
      ) : (
        <MembersTable
          members={members.data}
          currentUserId={currentUserId}
          actionsFor={(member) => memberActionsFor(member, { id: currentUserId, isAdmin })}
          onAction={handleAction}
        />
      )}

      {modal?.action === 'remove' && (
        <ConfirmModal
          open
          onClose={closeModal}
          title="メンバーから削除"
          onConfirm={() => run('remove', modal.member)}
          pending={update.isPending}
          confirmLabel="削除する"
          pendingLabel="削除中..."
          variant="danger"
        >
          <p>
            「{modal.member.name}」をこのワークスペースのメンバーから削除しますか？
            <br />
            このワークスペースにはすぐにアクセスできなくなります（ほかのワークスペースはそのまま使えます）。後から「有効化」で戻せます。
          </p>
        </ConfirmModal>
      )}
      {modal?.action === 'demote' && (
        <ConfirmModal
          open
          onClose={closeModal}
          title="メンバーに降格"
          onConfirm={() => run('demote', modal.member)}
          pending={update.isPending}
          confirmLabel="降格する"
          pendingLabel="変更中..."
          variant="danger"
        >
          <p>
            「{modal.member.name}」を管理者からメンバーに変更しますか？
            <br />
            ワークスペース設定の変更やメンバーの管理ができなくなります。
          </p>
        </ConfirmModal>
      )}
    </SettingsSection>
  );
}
