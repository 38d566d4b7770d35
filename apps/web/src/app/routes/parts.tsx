import type { Tag } from '@inventory/contracts/tags';
import { useEffect, useMemo, useState } from 'react';
import { type PartTagSlots, PartsManagement } from '../../features/parts/components/parts-management.tsx';
import { useSavePartTags } from '../../features/tags/api/change-part-tags.ts';
import { useTags } from '../../features/tags/api/get-tags.ts';
import { InlineTagCell } from '../../features/tags/components/inline-tag-cell.tsx';
import { TagFilter } from '../../features/tags/components/tag-filter.tsx';
import { codeAfterFirstPaint } from '../../lib/code-after-paint.ts';
import { loadOnRender } from '../../lib/load-on-render.tsx';

const NO_TAGS: Tag[] = [];

// The part form's tag picker is there by the time the form opens: its code (shared with the tag
// cells' editor) arrives right after the screen's first paint. タグ管理 loads when it opens.
const tagSelectorCode = codeAfterFirstPaint(async () => (await import('../../features/tags/components/tag-selector.tsx')).TagSelector);
const TagManagementModal = loadOnRender(async () => (await import('../../features/tags/components/tag-management-modal.tsx')).TagManagementModal);

// Parts and tags meet here: the parts screen shows the tags feature's components without importing it.
export function PartsRoute() {
  const tagsQuery = useTags();
  const tags = tagsQuery.data ?? NO_TAGS;
  const tagsLoaded = tagsQuery.isSuccess;
  const saveTags = useSavePartTags();
  const [TagSelector, setTagSelector] = useState(tagSelectorCode.current);
  useEffect(() => tagSelectorCode.fetchInto(TagSelector, (code) => setTagSelector(() => code)), [TagSelector]);
  const tagSlots = useMemo<PartTagSlots>(
    () => ({
      renderPartTags: (part, editable) => <InlineTagCell partId={part.id} tagIds={part.tag_ids} tags={tags} editable={editable} />,
      renderTagFilter: (selectedIds, onChange) => <TagFilter tags={tags} tagsLoaded={tagsLoaded} selectedIds={selectedIds} onChange={onChange} />,
      renderTagPicker: (props) => (TagSelector ? <TagSelector tags={tags} {...props} /> : null),
      saveTags,
      renderTagManagement: (onClose) => <TagManagementModal onClose={onClose} />,
    }),
    [tags, tagsLoaded, saveTags, TagSelector],
  );
  return <PartsManagement tagSlots={tagSlots} />;
}
