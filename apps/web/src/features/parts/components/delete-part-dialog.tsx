import type { PartListItem } from '@inventory/contracts/parts';
import { DeleteConfirmModal } from '../../../components/ui/delete-confirm-modal.tsx';
import { notify } from '../../../lib/notify.ts';
import { useDeletePart } from '../api/delete-part.ts';

/** Asks before deleting; a refusal (a recipe uses the part) is shown with the server's text naming the products. */
export function DeletePartDialog({ part, onClose }: { part: PartListItem; onClose: () => void }) {
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
    <DeleteConfirmModal
      title="部品の削除"
      question={
        <>
          部品「<span className="font-semibold break-all">{part.name}</span>」を削除しますか？
        </>
      }
      consequence="入荷・発注・在庫の履歴も削除されます。この操作は取り消せません。"
      onConfirm={handleDelete}
      pending={deletePart.isPending}
      error={deletePart.error}
      onClose={onClose}
    />
  );
}
