import type { Tag } from '@inventory/contracts/tags';
import { useEffect, useState } from 'react';
import { codeAfterFirstPaint } from '../../../lib/code-after-paint.ts';
import { TagFilterButtonContent, tagFilterButtonClassName, tagFilterLabel } from './tag-filter-button.tsx';

// The listbox (Headless UI with its positioning code) arrives right after the parts screen's
// first paint; until then the filter is a look-alike button, and a click on it opens the list
// when the code is here (initial JavaScript ≤ 200 KB).
const listboxCode = codeAfterFirstPaint(async () => (await import('./tag-filter-listbox.tsx')).TagFilterListbox);

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
  const [Listbox, setListbox] = useState(listboxCode.current);
  useEffect(() => listboxCode.fetchInto(Listbox, (code) => setListbox(() => code)), [Listbox]);
  const [clickedEarly, setClickedEarly] = useState(false);

  const selectedTags = selectedIds.flatMap((id) => tags.find((tag) => tag.id === id) ?? []);
  const existingIds = (ids: number[]) => ids.filter((id) => tags.some((tag) => tag.id === id));
  // A chosen tag deleted meanwhile (tag management, another device) leaves the filter at once: no
  // part carries it any more, so keeping it would filter every part away. Ids from the URL wait
  // for the tags to load.
  const stale = tagsLoaded && selectedTags.length < selectedIds.length;
  useEffect(() => {
    if (stale) onChange(existingIds(selectedIds));
  });

  if (Listbox) {
    return <Listbox tags={tags} selectedIds={selectedIds} selectedTags={selectedTags} onChange={(ids) => onChange(existingIds(ids))} openOnMount={clickedEarly} />;
  }
  return (
    <button
      type="button"
      aria-haspopup="listbox"
      aria-label={tagFilterLabel(selectedTags)}
      className={tagFilterButtonClassName}
      onClick={() => setClickedEarly(true)}
    >
      <TagFilterButtonContent selectedTags={selectedTags} />
    </button>
  );
}
