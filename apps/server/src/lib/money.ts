// Money travels as yen (up to 2 decimals) in the API and is stored as integer sen (1/100 yen),
// so no binary fraction ever reaches the database.

export const yenToSen = (yen: number): number => Math.round(yen * 100);

export const senToYen = (sen: number): number => sen / 100;

export const optionalYenToSen = (yen: number | null): number | null => (yen === null ? null : yenToSen(yen));

export const optionalSenToYen = (sen: number | null): number | null => (sen === null ? null : senToYen(sen));

/** part / whole × 100 rounded to 1 decimal (profit margins); whole must not be 0. */
export const percentWithOneDecimal = (part: number, whole: number): number => Math.round((part / whole) * 1000) / 10;
