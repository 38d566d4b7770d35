import clsx from 'clsx';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

/**
 * How text that is not a number is treated: the parts table
 * saves it as unset, the dashboard cancels the edit. Empty text always means unset.
 */
export type InvalidNumberInput = 'unset' | 'cancel';

export type ParsedNumberInput = { kind: 'number'; value: number } | { kind: 'unset' } | { kind: 'cancel' };

/**
 * Reads what the user typed: full-width digits (an IME's default) and thousands separators are
 * accepted, values outside [min, max] are clamped.
 */
export function parseNumberInput(
  text: string,
  { min, max, invalidInput }: { min?: number; max?: number; invalidInput: InvalidNumberInput },
): ParsedNumberInput {
  const normalised = text.normalize('NFKC').replaceAll(',', '').trim();
  if (normalised === '') return { kind: 'unset' };
  const parsed = Number(normalised);
  if (!Number.isFinite(parsed)) return invalidInput === 'unset' ? { kind: 'unset' } : { kind: 'cancel' };
  let value = parsed;
  if (min !== undefined && value < min) value = min;
  if (max !== undefined && value > max) value = max;
  return { kind: 'number', value };
}

export function InlineNumberCell({
  value,
  onSave,
  editable,
  label,
  format = (number) => String(number),
  emptyText = '-',
  min,
  max,
  invalidInput = 'unset',
  nullable = true,
  validate,
  className,
}: {
  value: number | null;
  /** Called with the new value (null = unset); the cell shows it as pending until the promise settles. */
  onSave: (value: number | null) => Promise<unknown> | void;
  editable: boolean;
  /** What the cell holds, for screen readers: e.g. 「ネジ」の現在在庫. */
  label: string;
  format?: (value: number) => ReactNode;
  emptyText?: string;
  min?: number;
  max?: number;
  invalidInput?: InvalidNumberInput;
  /** A field that cannot be unset keeps its value when the input would unset it. */
  nullable?: boolean;
  /**
   * Checks a number the server would refuse (e.g. a stock of 1.5): answers the Japanese message,
   * shown under the input while typing. Such a value is never sent: Enter keeps the edit open,
   * leaving the cell drops it.
   */
  validate?: (value: number) => string | undefined;
  className?: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const errorId = useId();
  const [pending, setPending] = useState<{ value: number | null } | null>(null);
  // Escape and Enter end the edit before the input's blur fires; the blur must then do nothing.
  const finished = useRef(false);

  const draftNumber = draft === null ? null : parseNumberInput(draft, { min, max, invalidInput });
  const draftError = draftNumber?.kind === 'number' ? validate?.(draftNumber.value) : undefined;

  const startEditing = () => {
    if (!editable || pending) return;
    finished.current = false;
    setDraft(value === null ? '' : String(value));
  };

  const cancel = () => {
    finished.current = true;
    setDraft(null);
  };

  const commit = async () => {
    if (finished.current || draftNumber === null) return;
    finished.current = true;
    setDraft(null);
    if (draftError || draftNumber.kind === 'cancel' || (draftNumber.kind === 'unset' && !nullable)) return;
    const next = draftNumber.kind === 'number' ? draftNumber.value : null;
    if (next === value) return;
    setPending({ value: next });
    try {
      await onSave(next);
    } catch {
      // The caller reports the failure; the cell goes back to the value it was given.
    } finally {
      setPending(null);
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!draftError) void commit();
    } else if (event.key === 'Escape') {
      // Keep Escape for the cell: it must not also close a surrounding dialog or menu.
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  };

  if (draft !== null) {
    return (
      <>
        <input
          autoFocus
          type="text"
          inputMode="decimal"
          aria-label={label}
          aria-invalid={draftError ? true : undefined}
          aria-describedby={draftError ? errorId : undefined}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={handleKeyDown}
          onBlur={() => void commit()}
          onFocus={(event) => event.currentTarget.select()}
          className={clsx(
            'w-full min-w-16 rounded-md border bg-white px-2 py-1 text-right text-sm text-gray-900 tabular-nums focus:ring-2 focus:outline-none dark:bg-gray-900 dark:text-gray-100',
            draftError ? 'border-red-500 focus:ring-red-500/40' : 'border-blue-500 focus:ring-blue-500/40',
            className,
          )}
        />
        {draftError && (
          <p id={errorId} role="alert" className="mt-1 text-left text-xs whitespace-normal text-red-600 dark:text-red-400">
            {draftError}
          </p>
        )}
      </>
    );
  }

  const shown = pending ? pending.value : value;
  const content = shown === null ? <span className="text-gray-500 dark:text-gray-400">{emptyText}</span> : format(shown);

  if (!editable) {
    return <span className={clsx('tabular-nums', className)}>{content}</span>;
  }
  return (
    <button
      type="button"
      onClick={startEditing}
      disabled={pending !== null}
      aria-label={`${label}を編集`}
      aria-busy={pending !== null || undefined}
      className={clsx(
        'w-full min-w-16 cursor-text rounded-md border border-dashed border-gray-300 px-2 py-1 text-right tabular-nums hover:border-blue-400 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-gray-600 dark:hover:border-blue-500 dark:hover:bg-blue-950/40',
        pending && 'opacity-60',
        className,
      )}
    >
      {content}
    </button>
  );
}
