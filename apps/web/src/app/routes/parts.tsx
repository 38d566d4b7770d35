import type { Tag } from '@inventory/contracts/tags';
import { useEffect, useMemo } from 'react';
import { type PartTagSlots, PartsManagement } from '../../features/parts/components/parts-management.tsx';
import { useSavePartTags } from '../../features/tags/api/change-part-tags.ts';
import { useTags } from '../../features/tags/api/get-tags.ts';
import { InlineTagCell } from '../../features/tags/components/inline-tag-cell.tsx';
import { TagFilter } from '../../features/tags/components/tag-filter.tsx';
import { lazyComponent } from '../../lib/lazy-code.tsx';

const NO_TAGS: Tag[] = [];

// The part form's tag picker (code shared with the tag cells' editor) and タグ管理 load when they
// first show; the picker's download starts after the screen's first paint, so it is there when
// the form opens.
const TagSelector = lazyComponent(async () => (await import('../../features/tags/components/tag-selector.tsx')).TagSelector);
const TagManagementModal = lazyComponent(async () => (await import('../../features/tags/components/tag-management-modal.tsx')).TagManagementModal);

// Parts and tags meet here: the parts screen shows the tags feature's components without importing it.
export function PartsRoute() {
  const tagsQuery = useTags();
  const tags = tagsQuery.data ?? NO_TAGS;
  const tagsLoaded = tagsQuery.isSuccess;
  const saveTags = useSavePartTags();
  useEffect(() => TagSelector.preload(), []);
  const tagSlots = useMemo<PartTagSlots>(
    () => ({
      renderPartTags: (part, editable) => <InlineTagCell partId={part.id} tagIds={part.tag_ids} tags={tags} editable={editable} />,
      renderTagFilter: (selectedIds, onChange) => <TagFilter tags={tags} tagsLoaded={tagsLoaded} selectedIds={selectedIds} onChange={onChange} />,
      renderTagPicker: (props) => <TagSelector tags={tags} {...props} />,
      saveTags,
      renderTagManagement: (onClose) => <TagManagementModal onClose={onClose} />,
    }),
    [tags, tagsLoaded, saveTags],
  );
  return <PartsManagement tagSlots={tagSlots} />;
}
