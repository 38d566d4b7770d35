import type { Passkey } from '@inventory/contracts/account';
import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { formatJapaneseDateTime } from '../../../lib/format.ts';
import { lazyComponent } from '../../../lib/lazy-code.tsx';
import { notify } from '../../../lib/notify.ts';
import { useDeletePasskey } from '../api/delete-passkey.ts';
import { usePasskeys } from '../api/get-passkeys.ts';
import { PASSKEY_REGISTER_FAILED, useRegisterPasskey } from '../api/register-passkey.ts';
import { passkeyErrorMessage } from '../utils/web-authn.ts';
import { AccountSection } from './account-section.tsx';

const ConfirmModal = lazyComponent(async () => (await import('../../../components/ui/confirm-modal.tsx')).ConfirmModal);

/** パスキー: sign in with the device's fingerprint, face or PIN; added here, each one deletable. */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const register = useRegisterPasskey();
  const [registerError, setRegisterError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Passkey | null>(null);

  const handleAdd = () => {
    setRegisterError(null);
    register.mutate(null, {
      onSuccess: (passkey) => notify.success(`パスキー「${passkey.name}」を登録しました`),
      onError: (error) => setRegisterError(passkeyErrorMessage(error, PASSKEY_REGISTER_FAILED)),
    });
  };

  return (
    <AccountSection
      title="パスキー"
      description="パスキーを登録すると、この端末の指紋認証・顔認証・PINで、メールアドレスもパスワードも入力せずにログインできます。"
      actions={
        <Button onClick={handleAdd} disabled={register.isPending}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {register.isPending ? '登録中...' : 'パスキーを追加'}
        </Button>
      }
    >
      {registerError ? <ErrorBanner message={registerError} onDismiss={() => setRegisterError(null)} /> : null}
      {passkeys.isPending ? (
        <LoadingSpinner label="パスキーを読み込み中..." className="py-4" />
      ) : passkeys.isError ? (
        <ErrorBanner message={passkeys.error.message} onRetry={() => void passkeys.refetch()} />
      ) : passkeys.data.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">登録されたパスキーはありません。</p>
      ) : (
        <ul aria-label="登録済みのパスキー" className="divide-y divide-gray-200 dark:divide-gray-800">
          {passkeys.data.map((passkey) => (
            <li key={passkey.id} className="flex items-center gap-3 py-3">
              <KeyRound className="h-5 w-5 shrink-0 text-gray-500 dark:text-gray-400" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-gray-900 dark:text-gray-100">{passkey.name}</p>
                <p className="text-xs text-gray-600 dark:text-gray-400">
                  登録: {formatJapaneseDateTime(passkey.created_at)}
                  {' ・ '}
                  最終使用: {passkey.last_used_at ? formatJapaneseDateTime(passkey.last_used_at) : '未使用'}
                </p>
              </div>
              <Button variant="ghost" aria-label={`パスキー「${passkey.name}」を削除`} onClick={() => setDeleting(passkey)}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {deleting ? <DeletePasskeyModal passkey={deleting} onClose={() => setDeleting(null)} /> : null}
    </AccountSection>
  );
}

function DeletePasskeyModal({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const remove = useDeletePasskey();
  return (
    <ConfirmModal
      open
      onClose={onClose}
      title="パスキーの削除"
      onConfirm={() =>
        remove.mutate(passkey.id, {
          onSuccess: () => {
            notify.success(`パスキー「${passkey.name}」を削除しました`);
            onClose();
          },
        })
      }
      pending={remove.isPending}
      confirmLabel="削除"
      pendingLabel="削除中..."
      variant="danger"
      error={remove.error ? <ErrorBanner message={remove.error.message} /> : undefined}
    >
      <p>パスキー「{passkey.name}」を削除します。このパスキーではログインできなくなります。</p>
    </ConfirmModal>
  );
}
