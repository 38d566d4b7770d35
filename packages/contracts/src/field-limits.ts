// The largest values of number fields, apart from the zod schemas (fields.ts), so a screen that
// only bounds an input does not download zod.

/** The most any stock (and any integer field) may hold: CSV import, receipts and deliveries alike. */
export const STOCK_MAX = 1_000_000_000;

/** The most a yen amount may be. */
export const MONEY_MAX_YEN = 10_000_000_000;
