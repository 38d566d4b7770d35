import { z } from 'zod';
import { optionalText } from './fields.ts';
import { REASON_NOTE_MAX, STOCK_REASONS } from './stock-reasons.ts';

// The reason fields of a stocktake commit and of a stock edit (PUT /parts/{id}, /products/{id}).

export const stockReasonField = z.enum(STOCK_REASONS, { error: '理由が正しくありません' });

export const REASON_NOTE_REQUIRED = 'その他の場合は理由の詳細を入力してください';
export const REASON_WITHOUT_STOCK = '理由は在庫数を変更するときに指定してください';

/** その他 needs its note; the other reasons may carry one. */
export const reasonNoteGiven = (body: { reason?: string | undefined; reason_note?: string | null | undefined }) =>
  body.reason !== 'other' || (body.reason_note ?? '') !== '';

/** A reason belongs to a stock edit: an edit without a new stock cannot carry one. */
export const reasonOnlyWithStock = (body: { current_stock?: number | undefined; reason?: string | undefined; reason_note?: string | null | undefined }) =>
  body.current_stock !== undefined || (body.reason === undefined && (body.reason_note ?? null) === null);

/** The optional reason of a stock edit (stored on its ledger row). */
export const stockEditReasonFields = {
  reason: stockReasonField,
  reason_note: optionalText('理由の詳細', REASON_NOTE_MAX),
};
