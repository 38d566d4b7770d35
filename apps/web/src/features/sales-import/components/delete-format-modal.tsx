import type { SalesImportFormat } from '@inventory/contracts/sales-import';
import { DeleteConfirmModal } from '../../../components/ui/delete-confirm-modal.tsx';
import { notify } from '../../../lib/notify.ts';
import { DELETE_FORMAT_MESSAGES, useDeleteImportFormat } from '../api/delete-import-format.ts';

/** Asks before deleting a saved format; the sales imported with it stay. */
export function DeleteFormatModal({ format, onClose, onDeleted }: { format: SalesImportFormat; onClose: () => void; onDeleted: () => void }) {
  const remove = useDeleteImportFormat();
  const handleConfirm = () => {
    remove.mutate(format.id, {
      onSuccess: () => {
        notify.success(DELETE_FORMAT_MESSAGES.success);
        onDeleted();
      },
    });
  };
  return (
    <DeleteConfirmModal
      title="取り込み形式の削除"
      question="次の取り込み形式を削除しますか？"
      consequence="この操作は取り消せません。この形式で覚えた商品の対応付けも削除されます。取り込み済みの売上はそのまま残ります。"
      facts={[{ label: '形式名', value: format.name }]}
      onConfirm={handleConfirm}
      pending={remove.isPending}
      error={remove.error}
      onClose={onClose}
    />
  );
}
