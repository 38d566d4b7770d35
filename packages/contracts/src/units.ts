// Plain constants of units, apart from the zod schemas, so screens that only format numbers do
// not download zod with them.

/** The unit shown when a part or product has none. */
export const DEFAULT_UNIT_LABEL = '個';
