// Valuation methods with their labels, apart from the zod schemas so screens list them without zod.

export const VALUATION_METHODS = ['last_purchase', 'moving_average'] as const;
export type ValuationMethod = (typeof VALUATION_METHODS)[number];

export const VALUATION_METHOD_LABELS: Record<ValuationMethod, string> = {
  last_purchase: '最終仕入原価法',
  moving_average: '移動平均法',
};
