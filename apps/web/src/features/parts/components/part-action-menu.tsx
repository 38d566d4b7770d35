import type { PartListItem } from '@inventory/contracts/parts';
import { EllipsisVertical, PackagePlus, Pencil, Printer, ShoppingCart, Trash2 } from 'lucide-react';
import { DropdownMenu } from '../../../components/ui/dropdown-menu.tsx';

export type PartAction = 'receive' | 'order' | 'edit' | 'delete' | 'detail' | 'labels';

/**
 * The row actions: 入荷, 発注, detailed edit, ラベル印刷, delete.
 *
 * A menu costs several milliseconds to mount, and a fast scroll through 10,000 parts mounts
 * dozens of rows a second (measured: the menus were a third of the scrolling time). So a row
 * shows the menu's stand-in until it is armed (the pointer entered the row, a finger touched it
 * or something in it got focus) or the stand-in is used, and only then the real menu.
 */
export function PartActionMenu({ part, onAction, armed }: { part: PartListItem; onAction: (action: PartAction, part: PartListItem) => void; armed: boolean }) {
  return (
    <span className="inline-flex">
      <DropdownMenu
        mountOnUse={!armed}
        trigger={<EllipsisVertical className="h-5 w-5" aria-hidden="true" />}
        triggerLabel={`「${part.name}」の操作`}
        items={[
          { label: '入荷', icon: <PackagePlus className="h-4 w-4" />, onSelect: () => onAction('receive', part) },
          { label: '発注', icon: <ShoppingCart className="h-4 w-4" />, onSelect: () => onAction('order', part) },
          { label: '詳細編集', icon: <Pencil className="h-4 w-4" />, onSelect: () => onAction('edit', part) },
          { label: 'ラベル印刷', icon: <Printer className="h-4 w-4" />, onSelect: () => onAction('labels', part) },
          { separator: true },
          { label: '削除', icon: <Trash2 className="h-4 w-4" />, danger: true, onSelect: () => onAction('delete', part) },
        ]}
      />
    </span>
  );
}
