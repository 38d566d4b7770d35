import type { StocktakeLine } from '@inventory/contracts/stocktakes';
import { STOCK_MAX } from '@inventory/contracts/field-limits';
import { DEFAULT_UNIT_LABEL } from '@inventory/contracts/units';
import clsx from 'clsx';
import { Check, Minus, Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { formatCount, formatSignedCount } from '../../../lib/format.ts';

const STEP_BUTTON =
  'flex h-14 w-14 shrink-0 items-center justify-center rounded-xl border border-gray-300 bg-white text-gray-800 active:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 disabled:opacity-50 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100 dark:active:bg-gray-700';

/** A count typed on a phone: digits only (full-width ones too), 0 … STOCK_MAX. */
export function parseCount(text: string): number | null {
  const digits = text.normalize('NFKC').replaceAll(',', '').trim();
  if (!/^\d+$/.test(digits)) return null;
  const value = Number(digits);
  return value <= STOCK_MAX ? value : null;
}

function Expected({ line, shown }: { line: StocktakeLine; shown: boolean }) {
  const unit = line.unit ?? DEFAULT_UNIT_LABEL;
  if (!shown && line.counted === null) return <span className="text-gray-500 dark:text-gray-400">予定数は数えた後に表示</span>;
  return (
    <span>
      予定 {formatCount(line.expected)}
      {unit}
      {line.variance !== null ? (
        <span
          className={clsx(
            'ml-2 font-semibold',
            line.variance > 0 && 'text-green-700 dark:text-green-400',
            line.variance < 0 && 'text-red-700 dark:text-red-400',
          )}
        >
          差異 {formatSignedCount(line.variance)}
        </span>
      ) : null}
    </span>
  );
}

/**
 * One line of the counting list. Tapped, it opens its editor: a big number field with − and +,
 * the expected quantity only once counted (blind count) unless 予定数を表示 is on, and 保存.
 */
export function CountLine({
  line,
  open,
  showExpected,
  editable,
  saving,
  onOpen,
  onSave,
}: {
  line: StocktakeLine;
  open: boolean;
  showExpected: boolean;
  editable: boolean;
  saving: boolean;
  onOpen: () => void;
  onSave: (counted: number) => void;
}) {
  const inputId = useId();
  const [text, setText] = useState(() => (line.counted === null ? '' : String(line.counted)));
  const value = parseCount(text);
  const unit = line.unit ?? DEFAULT_UNIT_LABEL;
  const step = (by: number) => setText(String(Math.min(STOCK_MAX, Math.max(0, (value ?? 0) + by))));
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (value !== null) onSave(value);
  };

  return (
    <li className={clsx('rounded-xl border bg-white shadow-sm dark:bg-gray-900', open ? 'border-blue-400 dark:border-blue-600' : 'border-gray-200 dark:border-gray-700')}>
      <button
        type="button"
        onClick={onOpen}
        aria-expanded={open}
        disabled={!editable && open}
        className="flex w-full items-center gap-3 rounded-xl px-4 py-3 text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      >
        <span className="min-w-0 flex-1">
          <span className="block font-medium break-words text-gray-900 dark:text-gray-50">{line.name}</span>
          <span className="block text-xs text-gray-500 dark:text-gray-400">
            {line.item_kind === 'product' ? '商品' : '部品'}
            {line.part_number ? ` ・ ${line.part_number}` : ''}
          </span>
        </span>
        {line.counted === null ? (
          <span className="shrink-0 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-medium text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">未カウント</span>
        ) : (
          <span className="shrink-0 text-right text-sm tabular-nums">
            <span className="flex items-center justify-end gap-1 font-semibold text-gray-900 dark:text-gray-50">
              <Check className="h-4 w-4 text-green-700 dark:text-green-400" aria-hidden="true" />
              {formatCount(line.counted)}
              {unit}
            </span>
            {line.counted_by ? <span className="block text-xs text-gray-500 dark:text-gray-400">{line.counted_by}</span> : null}
          </span>
        )}
      </button>
      {open && editable ? (
        <form onSubmit={handleSubmit} className="border-t border-gray-100 px-4 pt-3 pb-4 dark:border-gray-800">
          <label htmlFor={inputId} className="mb-2 block text-sm font-medium text-gray-700 dark:text-gray-300">
            数えた数（{unit}）
          </label>
          <div className="flex items-center gap-2">
            <button type="button" className={STEP_BUTTON} aria-label="1減らす" onClick={() => step(-1)} disabled={saving || (value ?? 0) <= 0}>
              <Minus className="h-6 w-6" aria-hidden="true" />
            </button>
            <input
              id={inputId}
              // Typed digits on a phone: the number pad, no spinner, no scroll-wheel changes.
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              autoFocus
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-invalid={text !== '' && value === null ? true : undefined}
              className="h-14 min-w-0 flex-1 rounded-xl border border-gray-300 bg-white px-3 text-center text-3xl font-semibold text-gray-900 tabular-nums focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40 focus:outline-none dark:border-gray-600 dark:bg-gray-950 dark:text-gray-50"
            />
            <button type="button" className={STEP_BUTTON} aria-label="1増やす" onClick={() => step(1)} disabled={saving}>
              <Plus className="h-6 w-6" aria-hidden="true" />
            </button>
          </div>
          <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
            <Expected line={line} shown={showExpected} />
          </p>
          {text !== '' && value === null ? <p className="mt-1 text-sm text-red-600 dark:text-red-400">0以上の整数で入力してください</p> : null}
          <button
            type="submit"
            disabled={saving || value === null}
            className="mt-3 flex h-12 w-full items-center justify-center rounded-xl bg-blue-600 text-base font-semibold text-white hover:bg-blue-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2 disabled:opacity-60 dark:focus-visible:ring-offset-gray-900"
          >
            {saving ? '保存中...' : '保存'}
          </button>
        </form>
      ) : null}
      {open && !editable ? (
        <p className="border-t border-gray-100 px-4 py-3 text-sm text-gray-700 dark:border-gray-800 dark:text-gray-300">
          <Expected line={line} shown />
        </p>
      ) : null}
    </li>
  );
}
