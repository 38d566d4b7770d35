import { REASON_NOTE_MAX, STOCK_REASON_LABELS, STOCK_REASONS } from '@inventory/contracts/stock-reasons';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField } from './select-field.tsx';
import { TextField } from './text-field.tsx';

/** The reasons as select options (棚卸差異, 破損, …). */
export const STOCK_REASON_OPTIONS = STOCK_REASONS.map((value) => ({ value, label: STOCK_REASON_LABELS[value] }));
const REASON_OPTIONS = [{ value: '', label: '指定しない' }, ...STOCK_REASON_OPTIONS];

/** The select's '' (指定しない) is no reason at all, not an empty one. */
export const reasonOrUnset = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * Why a stock number was edited by hand (破損, 紛失, …), kept on the movement's ledger row; shown in
 * the edit forms of parts and products once the stock field is changed. その他 asks for a note.
 */
export function StockReasonFields({
  reason,
  note,
  chosen,
  reasonError,
  noteError,
}: {
  reason: UseFormRegisterReturn;
  note: UseFormRegisterReturn;
  /** The reason chosen now (its note field shows for その他). */
  chosen: string | undefined;
  reasonError?: string | undefined;
  noteError?: string | undefined;
}) {
  return (
    <>
      <SelectField label="在庫修正の理由" options={REASON_OPTIONS} error={reasonError} {...reason} />
      {chosen === 'other' && <TextField label="理由の詳細" maxLength={REASON_NOTE_MAX} error={noteError} {...note} />}
    </>
  );
}
