import type { Tag } from '@inventory/contracts/tags';
import { useMemo } from 'react';
import { type PartTagSlots, PartsManagement } from '../../features/parts/components/parts-management.tsx';
import { useSavePartTags } from '../../features/tags/api/change-part-tags.ts';
import { useTags } from '../../features/tags/api/get-tags.ts';
import { InlineTagCell } from '../../features/tags/components/inline-tag-cell.tsx';
import { TagFilter } from '../../features/tags/components/tag-filter.tsx';
import { TagManagementModal } from '../../features/tags/components/tag-management-modal.tsx';
import { TagSelector } from '../../features/tags/components/tag-selector.tsx';

const NO_TAGS: Tag[] = [];

// Parts and tags meet here: the parts screen shows the tags feature's components without importing it.
export function PartsRoute() {
  const tags = useTags().data ?? NO_TAGS;
  const saveTags = useSavePartTags();
  const tagSlots = useMemo<PartTagSlots>(
    () => ({
      renderPartTags: (part, editable) => <InlineTagCell partId={part.id} tagIds={part.tag_ids} tags={tags} editable={editable} />,
      renderTagFilter: (selectedIds, onChange) => <TagFilter tags={tags} selectedIds={selectedIds} onChange={onChange} />,
      renderTagPicker: (props) => <TagSelector tags={tags} {...props} />,
      saveTags,
      renderTagManagement: (onClose) => <TagManagementModal onClose={onClose} />,
    }),
    [tags, saveTags],
  );
  return <PartsManagement tagSlots={tagSlots} />;
}
