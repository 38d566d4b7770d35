import type { Product } from '@inventory/contracts/products';
import { ClipboardList, Copy, EllipsisVertical, Factory, Pencil, Printer, ShoppingBag, Trash2 } from 'lucide-react';
import { DropdownMenu } from '../../../components/ui/dropdown-menu.tsx';
import { PRODUCT_ACTION_LABELS, type ProductAction } from '../utils/product-actions.ts';

export function ProductActionMenu({ product, onAction }: { product: Product; onAction: (action: ProductAction, product: Product) => void }) {
  return (
    // A menu per row of a list that may hold hundreds of products: each mounts when first used.
    <DropdownMenu
      mountOnUse
      trigger={<EllipsisVertical className="h-5 w-5" aria-hidden="true" />}
      triggerLabel={`「${product.name}」の操作`}
      items={[
        { label: PRODUCT_ACTION_LABELS.recipe, icon: <ClipboardList className="h-4 w-4" />, onSelect: () => onAction('recipe', product) },
        { label: PRODUCT_ACTION_LABELS.manufacture, icon: <Factory className="h-4 w-4" />, onSelect: () => onAction('manufacture', product) },
        { label: PRODUCT_ACTION_LABELS.sell, icon: <ShoppingBag className="h-4 w-4" />, onSelect: () => onAction('sell', product) },
        { label: PRODUCT_ACTION_LABELS.copy, icon: <Copy className="h-4 w-4" />, onSelect: () => onAction('copy', product) },
        { label: PRODUCT_ACTION_LABELS.edit, icon: <Pencil className="h-4 w-4" />, onSelect: () => onAction('edit', product) },
        { label: PRODUCT_ACTION_LABELS.labels, icon: <Printer className="h-4 w-4" />, onSelect: () => onAction('labels', product) },
        { separator: true },
        { label: PRODUCT_ACTION_LABELS.delete, icon: <Trash2 className="h-4 w-4" />, danger: true, onSelect: () => onAction('delete', product) },
      ]}
    />
  );
}
