import type { Part } from '@inventory/contracts/parts';
import { EllipsisVertical, PackagePlus, Pencil, ShoppingCart, Trash2 } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { DropdownMenu, dropdownTriggerClassName } from '../../../components/ui/dropdown-menu.tsx';

export type PartAction = 'receive' | 'order' | 'edit' | 'delete' | 'detail';

/**
 * The row actions: 入荷, 発注, detailed edit, delete.
 *
 * A menu costs several milliseconds to mount, and a fast scroll through 10,000 parts mounts
 * dozens of rows a second (measured: the menus were a third of the scrolling time). So a row
 * shows a look-alike button until it is armed (the pointer entered the row, a finger touched it
 * or something in it got focus), and only then the real menu.
 */
export function PartActionMenu({
  part,
  onAction,
  armed,
  onArm,
}: {
  part: Part;
  onAction: (action: PartAction, part: Part) => void;
  armed: boolean;
  onArm: () => void;
}) {
  const label = `「${part.name}」の操作`;
  const containerRef = useRef<HTMLSpanElement>(null);
  const handOver = useRef<'focus' | 'open' | null>(null);

  // What reached the look-alike goes on to the real button that replaced it: the focus, or a
  // click that came before the row was armed (the menu then opens as for a tap).
  useLayoutEffect(() => {
    const button = containerRef.current?.querySelector('button');
    if (!armed || !button || !handOver.current) return;
    if (handOver.current === 'open') button.click();
    else button.focus();
    handOver.current = null;
  }, [armed]);

  return (
    <span ref={containerRef} className="inline-flex">
      {armed ? (
        <DropdownMenu
          trigger={<EllipsisVertical className="h-5 w-5" aria-hidden="true" />}
          triggerLabel={label}
          items={[
            { label: '入荷', icon: <PackagePlus className="h-4 w-4" />, onSelect: () => onAction('receive', part) },
            { label: '発注', icon: <ShoppingCart className="h-4 w-4" />, onSelect: () => onAction('order', part) },
            { label: '詳細編集', icon: <Pencil className="h-4 w-4" />, onSelect: () => onAction('edit', part) },
            { separator: true },
            { label: '削除', icon: <Trash2 className="h-4 w-4" />, danger: true, onSelect: () => onAction('delete', part) },
          ]}
        />
      ) : (
        <button
          type="button"
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={false}
          onFocus={() => {
            handOver.current = 'focus';
          }}
          onClick={() => {
            handOver.current = 'open';
            onArm();
          }}
          className={dropdownTriggerClassName}
        >
          <EllipsisVertical className="h-5 w-5" aria-hidden="true" />
        </button>
      )}
    </span>
  );
}
