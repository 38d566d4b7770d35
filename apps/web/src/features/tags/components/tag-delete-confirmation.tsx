import type { Tag } from '@inventory/contracts/tags';
import { Button } from '../../../components/form/button.tsx';

/**
 * A tag row's delete question, in place. A tag some parts carry is deleted by force, which takes
 * it off those parts: the question and the button say how many.
 */
export function TagDeleteConfirmation({
  tag,
  error,
  deleting,
  disabled,
  onDelete,
  onCancel,
}: {
  tag: Tag;
  /** Why the server refused, shown inside the question. */
  error: string | null;
  deleting: boolean;
  disabled: boolean;
  onDelete: () => void;
  onCancel: () => void;
}) {
  return (
    <div
      role="group"
      aria-label={`「${tag.name}」の削除`}
      className="mt-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
    >
      {tag.part_count > 0 ? (
        <p>
          {`「${tag.name}」は${tag.part_count}件の部品で使用されています。強制削除すると、${tag.part_count}件の部品からこのタグが外れます。`}
        </p>
      ) : (
        <p>「{tag.name}」を削除しますか？</p>
      )}
      {error && (
        <p role="alert" className="mt-2 font-medium">
          {error}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="danger" className="px-3 py-1.5" disabled={disabled} onClick={onDelete}>
          {deleting ? '削除中...' : tag.part_count > 0 ? `${tag.part_count}件の部品から外して強制削除` : '削除'}
        </Button>
        <Button variant="secondary" className="px-3 py-1.5" disabled={disabled} onClick={onCancel}>
          キャンセル
        </Button>
      </div>
    </div>
  );
}
