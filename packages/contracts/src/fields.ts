import { z } from 'zod';
import { isCalendarDate } from './calendar-date.ts';
import { MONEY_MAX_YEN, STOCK_MAX } from './field-limits.ts';

// Kept apart so screens can use them without zod; the server and the forms find them here too.
export { isCalendarDate, MONEY_MAX_YEN, STOCK_MAX };

// Field builders: every message a person can see is Japanese and names the field.
// The schemas built from them validate on the server (route schemas) and in the browser (forms).

// Fallback for anything a builder does not cover (unknown shapes, wrong types deep inside).
z.config({
  customError: (issue) => {
    const field = issue.path?.length ? issue.path.join('.') : '入力';
    if (issue.code === 'invalid_type' && issue.input === undefined) return `${field}は必須です`;
    return `${field}の値が正しくありません`;
  },
});

/**
 * Control characters other than tab, line feed and carriage return (NUL, escape, DEL, …). They
 * never belong in a text a person typed, PostgreSQL refuses NUL outright, and a CSV export must
 * be able to carry every stored text back in. Tabs and line breaks stay allowed: pasted text
 * holds them, and the CSV export quotes them.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const noControlCharacters = (label: string) =>
  [(value: string) => !CONTROL_CHARACTERS.test(value), { error: `${label}に使用できない制御文字が含まれています` }] as const;

/**
 * Half of a UTF-16 surrogate pair without its other half: no character at all. Neither database
 * stores it as sent (SQLite kept three replacement characters, PostgreSQL one), so the text
 * would not come back as it was typed.
 */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const wellFormedText = (label: string) =>
  [(value: string) => !LONE_SURROGATE.test(value), { error: `${label}に使用できない文字が含まれています` }] as const;

export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label}は必須です` })
    .trim()
    .min(1, `${label}は必須です`)
    .max(max, `${label}は${max}文字以内で入力してください`)
    .refine(...noControlCharacters(label))
    .refine(...wellFormedText(label));
}

/**
 * Line breaks and tabs, with the Unicode line and paragraph separators and NEL: a name is one
 * line (it is shown in menus and written into mails, where a break would start a line of its own).
 */
export const LINE_BREAKS = /[\t\n\r\u0085\u2028\u2029]/;

/** A required one-line text: requiredText without line breaks or tabs. */
export function singleLineText(label: string, max: number) {
  return requiredText(label, max).refine((value) => !LINE_BREAKS.test(value), {
    error: `${label}に改行やタブは使用できません`,
  });
}

/** Optional text: absent, null or blank all mean "not set" (null). */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label}は文字列で入力してください` })
    .trim()
    .max(max, `${label}は${max}文字以内で入力してください`)
    .refine(...noControlCharacters(label))
    .refine(...wellFormedText(label))
    .nullish()
    .transform((value) => (value ? value : null));
}

export function emailField() {
  return z
    .string({ error: 'メールアドレスは必須です' })
    .trim()
    .min(1, 'メールアドレスは必須です')
    .max(254, 'メールアドレスは254文字以内で入力してください')
    .pipe(z.email({ error: 'メールアドレスの形式が正しくありません' }))
    .transform((value) => value.toLowerCase());
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export function newPasswordField() {
  return z
    .string({ error: 'パスワードは必須です' })
    .min(1, 'パスワードは必須です')
    .min(PASSWORD_MIN_LENGTH, `パスワードは${PASSWORD_MIN_LENGTH}文字以上で入力してください`)
    .max(PASSWORD_MAX_LENGTH, `パスワードは${PASSWORD_MAX_LENGTH}文字以内で入力してください`);
}

/** A web address (http or https), optional. */
export function optionalUrl(label = 'URL') {
  return z
    .string({ error: `${label}は文字列で入力してください` })
    .trim()
    .max(2000, `${label}は2000文字以内で入力してください`)
    .refine(...noControlCharacters(label))
    .refine(...wellFormedText(label))
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), {
      error: `${label}はhttp://またはhttps://で始まる正しい形式で入力してください`,
    });
}

export function integerField(label: string, { min, max = STOCK_MAX }: { min: number; max?: number }) {
  return z
    .number({ error: `${label}は数値で入力してください` })
    .int(`${label}は整数で入力してください`)
    .min(min, `${label}は${min}以上で入力してください`)
    .max(max, `${label}は${max.toLocaleString('ja-JP')}以下で入力してください`);
}

/** Yen with at most 2 decimals, 0 or more (stored exactly as integer hundredths on the server). */
export function moneyField(label: string) {
  return z
    .number({ error: `${label}は数値で入力してください` })
    .min(0, `${label}は0以上で入力してください`)
    .max(MONEY_MAX_YEN, `${label}は${MONEY_MAX_YEN.toLocaleString('ja-JP')}以下で入力してください`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      error: `${label}は小数第2位までで入力してください`,
    });
}

/** Optional yen amount: absent, null or undefined all mean "not set" (null). */
export const optionalMoneyField = (label: string) => moneyField(label).nullish().transform((value) => value ?? null);

/** A calendar date written yyyy-MM-dd. */
export function dateField(label: string) {
  return z
    .string({ error: `${label}は必須です` })
    .min(1, `${label}は必須です`)
    .refine(isCalendarDate, { error: `${label}はyyyy-MM-dd形式の正しい日付で入力してください` });
}

/** Ids are 32-bit integers on PostgreSQL: a larger one can name nothing (and must not reach the database). */
export const ID_MAX = 2_147_483_647;

/**
 * A positive whole number taken from a URL segment, in its one plain decimal spelling, from min to
 * max: `1e3`, `0x10`, `+7`, `007`, `7.0` or ` 7` are not other names of it (a coercing Number()
 * took them all). Anything else answers the message.
 */
export function urlNumberParam(message: string, { min = 1, max }: { min?: number; max: number }) {
  return z
    .string({ error: message })
    .regex(/^[1-9][0-9]{0,9}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
}

/** `?limit=` of a list call: a whole number from 1 to max (written as maxText in its message). */
export function listLimit(max: number, maxText = String(max)) {
  return z.coerce
    .number({ error: '件数は数値で指定してください' })
    .int('件数は整数で指定してください')
    .min(1, '件数は1以上で指定してください')
    .max(max, `件数は${maxText}以下で指定してください`);
}

/** A product id in a query string (filters of records and sales). */
export const productIdQuery = z.coerce
  .number({ error: '商品IDが正しくありません' })
  .int('商品IDが正しくありません')
  .positive('商品IDが正しくありません')
  .max(ID_MAX, '商品IDが正しくありません');

/** Positive integer id taken from a URL segment: another spelling is not another name of a row. */
export const idParam = urlNumberParam('IDが正しくありません', { max: ID_MAX });

export const errorResponse = z.object({
  error: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
