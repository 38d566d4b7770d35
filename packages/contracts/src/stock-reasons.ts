// The reasons a stock count or a stock edit can give, apart from the zod schemas so screens can
// list them without downloading zod. Stored on the ledger row as the code; その他 needs a note.

export const STOCK_REASONS = ['variance', 'damaged', 'lost', 'sample', 'other'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  variance: '棚卸差異',
  damaged: '破損',
  lost: '紛失',
  sample: '見本・サンプル',
  other: 'その他',
};

/** The reason of a stocktake commit when none is given. */
export const DEFAULT_STOCKTAKE_REASON: StockReason = 'variance';

export const REASON_NOTE_MAX = 200;
