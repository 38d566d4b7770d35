import type { Tag } from '@inventory/contracts/tags';
import { useEffect } from 'react';
import { lazyComponent } from '../../../lib/lazy-code.tsx';
import { TagFilterButtonContent, tagFilterButtonClassName, tagFilterLabel } from './tag-filter-button.tsx';
import type { TagFilterListboxProps } from './tag-filter-listbox.tsx';

// The listbox (Headless UI with its positioning code) arrives after the parts screen's first
// paint; until then the filter is drawn as a plain button.
const TagFilterListbox = lazyComponent(async () => (await import('./tag-filter-listbox.tsx')).TagFilterListbox, TagFilterStandIn);

/** The filter bar's tag multi-select (the page does the filtering, with every chosen tag or any one). */
export function TagFilter({
  tags,
  tagsLoaded,
  selectedIds,
  onChange,
}: {
  tags: Tag[];
  /** The workspace's tags have arrived: only then can a chosen id be known to be gone. */
  tagsLoaded: boolean;
  selectedIds: number[];
  onChange: (ids: number[]) => void;
}) {
  const selectedTags = selectedIds.flatMap((id) => tags.find((tag) => tag.id === id) ?? []);
  const existingIds = (ids: number[]) => ids.filter((id) => tags.some((tag) => tag.id === id));
  // A chosen tag deleted meanwhile (tag management, another device) leaves the filter at once: no
  // part carries it any more, so keeping it would filter every part away. Ids from the URL wait
  // for the tags to load.
  const stale = tagsLoaded && selectedTags.length < selectedIds.length;
  useEffect(() => {
    if (stale) onChange(existingIds(selectedIds));
  });

  return <TagFilterListbox tags={tags} selectedIds={selectedIds} selectedTags={selectedTags} onChange={(ids) => onChange(existingIds(ids))} />;
}

function TagFilterStandIn({ selectedTags }: TagFilterListboxProps) {
  return (
    <button type="button" aria-haspopup="listbox" aria-label={tagFilterLabel(selectedTags)} className={tagFilterButtonClassName}>
      <TagFilterButtonContent selectedTags={selectedTags} />
    </button>
  );
}
