// Plain constants of the stocktake screens, apart from the zod schemas so screens show them without zod.

export type StocktakeStatus = 'counting' | 'committed' | 'cancelled';

export const STOCKTAKE_STATUS_LABELS: Record<StocktakeStatus, string> = { counting: '棚卸し中', committed: '確定済み', cancelled: '中止' };

export type StocktakeScopeKind = 'parts' | 'products' | 'all';

export const STOCKTAKE_SCOPE_LABELS: Record<StocktakeScopeKind, string> = { all: '部品と商品', parts: '部品のみ', products: '商品のみ' };

export const STOCKTAKE_NAME_MAX = 100;
