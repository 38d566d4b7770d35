import type { WorkspaceSettings } from '@inventory/contracts/workspace';
import { Copy, KeyRound, RefreshCw, XCircle } from 'lucide-react';
import { Button } from '../../../components/form/button.tsx';
import { formatJapaneseDateTime } from '../../../lib/format.ts';
import { lazyComponent } from '../../../lib/lazy-code.tsx';
import { notify } from '../../../lib/notify.ts';
import { useModal } from '../../../lib/use-modal.ts';
import { GENERATE_INVITE_MESSAGES, useGenerateInviteCode } from '../api/generate-invite-code.ts';
import { REVOKE_INVITE_MESSAGES, useRevokeInviteCode } from '../api/revoke-invite-code.ts';
import { SettingsSection } from './settings-section.tsx';

// A screen that only asks now and then need not bring the dialog code (Headless UI's Dialog and
// its portal, about 17 KB gzip) with its first render: it loads on the first question.
const ConfirmModal = lazyComponent(async () => (await import('../../../components/ui/confirm-modal.tsx')).ConfirmModal);

export const INVITE_COPIED_MESSAGE = '招待コードをコピーしました';

const iconClass = 'h-4 w-4';

/**
 * 招待コード: generate, copy and revoke the workspace's one live code. A new code replaces the old
 * one, so generating over a live code and revoking are confirmed first. `atMemberLimit` warns
 * that the code cannot admit anyone right now.
 */
export function InvitationSection({ settings, atMemberLimit }: { settings: WorkspaceSettings; atMemberLimit: boolean }) {
  const generate = useGenerateInviteCode();
  const revoke = useRevokeInviteCode();
  const { modal, openModal, closeModal } = useModal<'regenerate' | 'revoke'>();
  const code = settings.invite_code;

  const handleGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: () => notify.success(GENERATE_INVITE_MESSAGES.success),
      onError: (error) => notify.error(error.message),
      onSettled: closeModal,
    });

  const handleRevoke = () =>
    revoke.mutate(undefined, {
      onSuccess: () => notify.success(REVOKE_INVITE_MESSAGES.success),
      onError: (error) => notify.error(error.message),
      onSettled: closeModal,
    });

  // A copy failure is only logged (the code stays on screen to copy by hand).
  const handleCopy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(INVITE_COPIED_MESSAGE);
    } catch (error) {
      console.error('招待コードのコピーに失敗しました', error);
    }
  };

  return (
    <SettingsSection
      title="招待コード"
      description="招待コードを伝えると、相手はユーザーメニューの「ワークスペースに参加」からこのワークスペースに参加できます。コードの有効期限は生成から7日間です。"
    >
      {code ? (
        <div className="space-y-4">
          <div className="rounded-lg border border-gray-200 bg-gray-50 p-3 dark:border-gray-700 dark:bg-gray-800/60">
            <p className="text-xs text-gray-500 dark:text-gray-400">現在の招待コード</p>
            <div className="mt-1 flex items-center gap-2">
              <code
                aria-label="現在の招待コード"
                className="min-w-0 flex-1 font-mono text-lg font-semibold break-all text-gray-900 select-all dark:text-gray-100"
              >
                {code}
              </code>
              <Button variant="secondary" onClick={() => void handleCopy(code)} aria-label="招待コードをコピー" className="shrink-0">
                <Copy className={iconClass} aria-hidden="true" />
                コピー
              </Button>
            </div>
            {settings.invite_code_expires ? (
              <p className="mt-2 text-sm text-gray-600 dark:text-gray-300">
                有効期限: <time dateTime={settings.invite_code_expires}>{formatJapaneseDateTime(settings.invite_code_expires)}</time>
              </p>
            ) : null}
          </div>
          {atMemberLimit ? <LimitNote /> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => openModal('revoke')}>
              <XCircle className={iconClass} aria-hidden="true" />
              無効化
            </Button>
            <Button variant="secondary" onClick={() => openModal('regenerate')}>
              <RefreshCw className={iconClass} aria-hidden="true" />
              新しいコードを生成
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-gray-600 dark:text-gray-300">有効な招待コードはありません。</p>
          {atMemberLimit ? <LimitNote /> : null}
          <div className="flex justify-end">
            <Button onClick={handleGenerate} disabled={generate.isPending}>
              <KeyRound className={iconClass} aria-hidden="true" />
              {generate.isPending ? '生成中...' : '招待コードを生成'}
            </Button>
          </div>
        </div>
      )}

      {modal === 'regenerate' && (
        <ConfirmModal
          open
          onClose={closeModal}
          title="招待コードの再生成"
          onConfirm={handleGenerate}
          pending={generate.isPending}
          confirmLabel="生成する"
          pendingLabel="生成中..."
        >
          <p>新しい招待コードを生成しますか？今の招待コードは使えなくなります。</p>
        </ConfirmModal>
      )}
      {modal === 'revoke' && (
        <ConfirmModal
          open
          onClose={closeModal}
          title="招待コードの無効化"
          onConfirm={handleRevoke}
          pending={revoke.isPending}
          confirmLabel="無効化する"
          pendingLabel="無効化中..."
          variant="danger"
        >
          <p>招待コードを無効化しますか？このコードではワークスペースに参加できなくなります。</p>
        </ConfirmModal>
      )}
    </SettingsSection>
  );
}

function LimitNote() {
  return (
    <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
      メンバー数が上限に達しているため、今は招待コードで参加できません。
    </p>
  );
}
