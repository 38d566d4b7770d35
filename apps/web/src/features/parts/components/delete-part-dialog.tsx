import type { Part } from '@inventory/contracts/parts';
import { Button } from '../../../components/form/button.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
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
    <Modal
      open
      onClose={onClose}
      title="部品の削除"
      size="sm"
      closeDisabled={deletePart.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={deletePart.isPending}>
            キャンセル
          </Button>
          <Button variant="danger" onClick={handleDelete} disabled={deletePart.isPending}>
            {deletePart.isPending ? '削除中...' : '削除'}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm">
        <p className="text-gray-700 dark:text-gray-200">
          部品「<span className="font-semibold break-all">{part.name}</span>」を削除しますか？
        </p>
        <p className="text-gray-500 dark:text-gray-400">入荷・発注・在庫の履歴も削除されます。この操作は取り消せません。</p>
        {deletePart.error ? <ErrorBanner title="削除できませんでした" message={deletePart.error.message} /> : null}
      </div>
    </Modal>
  );
}
