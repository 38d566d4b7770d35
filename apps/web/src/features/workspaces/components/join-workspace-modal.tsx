import { zodResolver } from '@hookform/resolvers/zod';
import { type JoinWorkspaceResponse, joinWorkspaceBody, type WorkspaceListItem } from '@inventory/contracts/workspace';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/form/button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { notify } from '../../../lib/notify.ts';
import { useJoinWorkspace } from '../api/join-workspace.ts';

/** The modal closes by itself 2 seconds after a successful join. */
export const JOIN_AUTO_CLOSE_MS = 2_000;

/** The joined workspace could not be switched to. */
export const JOIN_SWITCH_FAILED_MESSAGE =
  'ワークスペースに参加しましたが、切り替えに失敗しました。ユーザーメニューの「ワークスペース切り替え」から切り替えてください。';

const FORM_ID = 'join-workspace-form';

type JoinInput = z.input<typeof joinWorkspaceBody>;
type JoinOutput = z.output<typeof joinWorkspaceBody>;

/**
 * The switch after a join. It runs on its own, not in the dialog: loading the user of the new
 * workspace unmounts the user menu that holds the dialog.
 */
async function switchToJoined(queryClient: QueryClient, workspace: WorkspaceListItem) {
  try {
    await useAuthStore.getState().switchWorkspace(workspace.id);
  } catch {
    notify.warning(JOIN_SWITCH_FAILED_MESSAGE);
    return;
  }
  // Everything cached belongs to the previous workspace.
  await queryClient.resetQueries();
  notify.success(`「${workspace.workspace_name}」に切り替えました`);
}

/**
 * ワークスペースに参加: the code is trimmed and must not be
 * blank; Escape, a backdrop click and キャンセル close it unless the request is pending. After a
 * join it shows the server's message, closes 2 seconds later (or when closed sooner) and switches
 * to the joined workspace.
 */
export function JoinWorkspaceModal({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const join = useJoinWorkspace();
  const [joined, setJoined] = useState<JoinWorkspaceResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const switchStarted = useRef(false);
  const form = useForm<JoinInput, unknown, JoinOutput>({
    resolver: zodResolver(joinWorkspaceBody),
    defaultValues: { invitation_code: '' },
  });
  const codeError = form.formState.errors.invitation_code?.message;

  const handleClose = () => {
    if (joined && !switchStarted.current) {
      switchStarted.current = true;
      void switchToJoined(queryClient, joined.workspace);
    }
    onClose();
  };

  const closeAfterJoin = useEffectEvent(handleClose);
  useEffect(() => {
    if (!joined) return;
    const timer = setTimeout(() => closeAfterJoin(), JOIN_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [joined]);

  const handleJoin = (body: JoinOutput) => {
    setFailure(null);
    join.mutate(body, {
      onSuccess: (answer) => setJoined(answer),
      onError: (error) => setFailure(error.message),
    });
  };

  return (
    <Modal
      open
      onClose={handleClose}
      title="ワークスペースに参加"
      size="sm"
      closeDisabled={join.isPending}
      footer={
        joined ? (
          <Button variant="secondary" onClick={handleClose}>
            閉じる
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={handleClose} disabled={join.isPending}>
              キャンセル
            </Button>
            <Button type="submit" form={FORM_ID} disabled={join.isPending}>
              {join.isPending ? '参加中...' : '参加する'}
            </Button>
          </>
        )
      }
    >
      <form id={FORM_ID} noValidate onSubmit={form.handleSubmit(handleJoin)} className="space-y-4">
        <p className="text-sm text-gray-600 dark:text-gray-300">ワークスペースの管理者から受け取った招待コードを入力してください。</p>
        <TextField
          label="招待コード"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          data-autofocus
          disabled={join.isPending || joined !== null}
          error={codeError}
          {...form.register('invitation_code')}
        />
        {failure ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200">
            {failure}
          </p>
        ) : null}
        {joined ? (
          <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800 dark:border-green-800 dark:bg-green-950/40 dark:text-green-200">
            {joined.message}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
