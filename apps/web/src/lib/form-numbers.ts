// react-hook-form `setValueAs` for number inputs: an empty field is "not set" (null) for optional
// numbers and NaN for required ones, so the zod schema reports it as missing, never as 0.
const isEmpty = (value: unknown) => value === '' || value === null || value === undefined;

export const optionalNumber = (value: unknown) => (isEmpty(value) ? null : Number(value));

export const requiredNumber = (value: unknown) => (isEmpty(value) ? Number.NaN : Number(value));
