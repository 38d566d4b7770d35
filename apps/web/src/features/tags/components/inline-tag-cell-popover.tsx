import type { Tag } from '@inventory/contracts/tags';
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { TagCellButtonContent, tagCellButtonClassName } from './tag-cell-content.tsx';
import { TagSelector } from './tag-selector.tsx';

export interface InlineTagCellPopoverProps {
  tagIds: number[];
  tags: Tag[];
  onChange: (ids: number[]) => void;
}

/** InlineTagCell's editor once its code is here (inline-tag-cell.tsx): a popover with the tag selector. */
export function InlineTagCellPopover({ tagIds, tags, onChange }: InlineTagCellPopoverProps) {
  return (
    <Popover>
      <PopoverButton aria-label="タグを編集" className={tagCellButtonClassName}>
        <TagCellButtonContent tagIds={tagIds} tags={tags} />
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom start', gap: 4, padding: 8 }}
        className="z-40 w-72 rounded-lg border border-gray-200 bg-white p-3 shadow-lg dark:border-gray-700 dark:bg-gray-900"
      >
        <FocusSearchOnOpen>
          <TagSelector tags={tags} selectedIds={tagIds} onChange={onChange} />
        </FocusSearchOnOpen>
      </PopoverPanel>
    </Popover>
  );
}

/** Puts the cursor in the search box when the popover opens, ready to type a tag name. */
function FocusSearchOnOpen({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector('input')?.focus();
  }, []);
  return <div ref={ref}>{children}</div>;
}
