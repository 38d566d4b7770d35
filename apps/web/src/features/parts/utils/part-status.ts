import type { PartListItem } from '@inventory/contracts/parts';

export type PartStockStatus = 'out' | 'low' | 'ok';

/** 0 is out of stock, at or below the minimum is low, otherwise in stock. */
export function getPartStatus(part: Pick<PartListItem, 'current_stock' | 'min_stock_alert'>): PartStockStatus {
  if (part.current_stock <= 0) return 'out';
  if (part.current_stock <= part.min_stock_alert) return 'low';
  return 'ok';
}

export const PART_STATUS_LABELS: Record<PartStockStatus, string> = {
  out: '在庫なし',
  low: '在庫不足',
  ok: '在庫あり',
};

/** Badge colours: red, yellow, green (with dark variants). */
export const PART_STATUS_CLASSES: Record<PartStockStatus, string> = {
  out: 'bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-900/40 dark:text-red-300 dark:ring-red-400/30',
  low: 'bg-yellow-100 text-yellow-800 ring-yellow-600/20 dark:bg-yellow-900/40 dark:text-yellow-300 dark:ring-yellow-400/30',
  ok: 'bg-green-100 text-green-800 ring-green-600/20 dark:bg-green-900/40 dark:text-green-300 dark:ring-green-400/30',
};

/** Sort rank of a status: out of stock first, then low, then in stock. */
export const PART_STATUS_RANK: Record<PartStockStatus, number> = { out: 0, low: 1, ok: 2 };
