import type { ProductMovementKind } from '@inventory/contracts/products';

/** The product ledger's kinds as the detail shows them. */
export const PRODUCT_MOVEMENT_KIND_LABELS: Record<ProductMovementKind, string> = {
  initial: '初期在庫',
  adjustment: '在庫修正',
  manufacture: '製造',
  sale: '販売',
  sale_edit: '販売修正',
  sale_cancel: '販売取消',
  stocktake: '棚卸し',
};

export const productMovementKindLabel = (kind: string) => PRODUCT_MOVEMENT_KIND_LABELS[kind as ProductMovementKind] ?? kind;
