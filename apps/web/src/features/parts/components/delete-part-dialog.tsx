import type { Part } from '@inventory/contracts/parts';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { notify } from '../../../lib/notify.ts';
import { useDeletePart } from '../api/delete-part.ts';

/** Asks before deleting; a refusal (a recipe uses the part) is shown with the server's text naming the products. */
export function DeletePartDialog({ part, onClose }: { part: Part; onClose: () => void }) {
  const deletePart = useDeletePart();

  const handleDelete = () =>
    deletePart.mutate(part.id, {
      onSuccess: () => {
        notify.success(`部品「${part.name}」を削除しました`);
        onClose();
      },
      onError: (error) => notify.error(error.message),
    });

  return (
    <ConfirmModal
      open
      onClose={onClose}
      title="部品の削除"
      onConfirm={handleDelete}
      pending={deletePart.isPending}
      confirmLabel="削除"
      pendingLabel="削除中..."
      variant="danger"
      error={deletePart.error ? <ErrorBanner title="削除できませんでした" message={deletePart.error.message} /> : null}
    >
      <p className="text-gray-700 dark:text-gray-200">
        部品「<span className="font-semibold break-all">{part.name}</span>」を削除しますか？
      </p>
      <p className="text-gray-500 dark:text-gray-400">入荷・発注・在庫の履歴も削除されます。この操作は取り消せません。</p>
    </ConfirmModal>
  );
}
