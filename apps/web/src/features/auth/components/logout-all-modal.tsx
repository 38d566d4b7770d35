import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { useLogoutAll } from '../api/logout-all.ts';

/**
 * すべての端末からログアウト: asks first, then ends every session, this one included. `onSignedOut`
 * runs once the local session is cleared (the menu that opened this is gone by then).
 */
export function LogoutAllModal({ onClose, onSignedOut }: { onClose: () => void; onSignedOut: () => void }) {
  const logoutAll = useLogoutAll();

  // Awaited rather than passed as mutate's onSuccess: clearing the session unmounts this dialog,
  // and React Query drops a mutate callback whose component is gone.
  const handleConfirm = async () => {
    try {
      await logoutAll.mutateAsync();
    } catch {
      return; // shown in the dialog
    }
    onSignedOut();
  };

  return (
    <ConfirmModal
      open
      onClose={onClose}
      title="すべての端末からログアウト"
      onConfirm={() => void handleConfirm()}
      pending={logoutAll.isPending}
      confirmLabel="ログアウト"
      pendingLabel="ログアウト中..."
      variant="danger"
      error={logoutAll.error ? <ErrorBanner message={logoutAll.error.message} /> : null}
    >
      <p>この端末を含む、ログイン中のすべての端末からログアウトします。続けるにはもう一度ログインが必要です。</p>
    </ConfirmModal>
  );
}
