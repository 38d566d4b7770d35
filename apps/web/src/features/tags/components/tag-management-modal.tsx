import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useTags } from '../api/get-tags.ts';
import { CreateTagForm } from './create-tag-form.tsx';
import { TagRow } from './tag-row.tsx';

/** タグ管理: a form for a new tag over the list of the workspace's tags, each editable in place. */
export function TagManagementModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title="タグ管理" size="md">
      <TagManagement />
    </Modal>
  );
}

function TagManagement() {
  const tags = useTags();
  if (tags.isPending) return <LoadingSpinner label="読み込み中..." />;
  if (tags.isError) return <ErrorBanner message={tags.error.message} onRetry={() => void tags.refetch()} />;

  return (
    <div className="space-y-6">
      <CreateTagForm tags={tags.data} />
      <section aria-labelledby="tag-list-heading">
        <h3 id="tag-list-heading" className="mb-2 text-sm font-semibold text-gray-700 dark:text-gray-200">
          タグ一覧 ({tags.data.length}個)
        </h3>
        {tags.data.length === 0 ? (
          <p className="rounded-md border border-dashed border-gray-300 px-4 py-6 text-center text-sm text-gray-500 dark:border-gray-700 dark:text-gray-400">
            タグはまだありません
          </p>
        ) : (
          <ul className="divide-y divide-gray-200 rounded-md border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
            {tags.data.map((tag) => (
              <TagRow key={tag.id} tag={tag} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
