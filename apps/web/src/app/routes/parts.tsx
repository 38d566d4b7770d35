import type { Tag } from '@inventory/contracts/tags';
import { ClipboardCheck, Scale } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { type PartTagSlots, PartsManagement } from '../../features/parts/components/parts-management.tsx';
import { useSavePartTags } from '../../features/tags/api/change-part-tags.ts';
import { useTags } from '../../features/tags/api/get-tags.ts';
import { InlineTagCell } from '../../features/tags/components/inline-tag-cell.tsx';
import { TagFilter } from '../../features/tags/components/tag-filter.tsx';
import { lazyComponent } from '../../lib/lazy-code.tsx';

const NO_TAGS: Tag[] = [];

// The part form's tag picker (code shared with the tag cells' editor) and タグ管理 load when they
// first show; the picker's download starts once the parts list is up, so it is there when the
// form opens.
const TagSelector = lazyComponent(async () => (await import('../../features/tags/components/tag-selector.tsx')).TagSelector);
const TagManagementModal = lazyComponent(async () => (await import('../../features/tags/components/tag-management-modal.tsx')).TagManagementModal);

// On a phone the two links drop their icons, so they and 部品を追加 stay on one row.
const LINK_BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm sm:px-4 font-medium text-gray-800 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-gray-400 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700';

// 棚卸し and 在庫評価 are reached from 部品管理, where the stock is kept: the top navigation keeps
// its six entries, and their screens live under /parts, so 部品管理 stays lit there.
const stockLinks = (
  <>
    <Link to={paths.stocktakes} className={LINK_BUTTON}>
      <ClipboardCheck className="hidden h-4 w-4 sm:block" aria-hidden="true" />
      棚卸し
    </Link>
    <Link to={paths.valuation} className={LINK_BUTTON}>
      <Scale className="hidden h-4 w-4 sm:block" aria-hidden="true" />
      在庫評価
    </Link>
  </>
);

// Parts and tags meet here: the parts screen shows the tags feature's components without importing it.
export function PartsRoute() {
  const tagsQuery = useTags();
  const tags = tagsQuery.data ?? NO_TAGS;
  const tagsLoaded = tagsQuery.isSuccess;
  const saveTags = useSavePartTags();
  const tagSlots = useMemo<PartTagSlots>(
    () => ({
      renderPartTags: (part, editable) => <InlineTagCell partId={part.id} tagIds={part.tag_ids} tags={tags} editable={editable} />,
      renderTagFilter: (selectedIds, onChange) => <TagFilter tags={tags} tagsLoaded={tagsLoaded} selectedIds={selectedIds} onChange={onChange} />,
      renderTagPicker: (props) => <TagSelector tags={tags} {...props} />,
      saveTags,
      renderTagManagement: (onClose) => <TagManagementModal onClose={onClose} />,
      preloadTagPicker: TagSelector.preload,
    }),
    [tags, tagsLoaded, saveTags],
  );
  return <PartsManagement tagSlots={tagSlots} links={stockLinks} />;
}
