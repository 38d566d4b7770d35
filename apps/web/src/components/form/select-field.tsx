import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import { forwardRef, type SelectHTMLAttributes, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { Field, fieldMessageId } from './field.tsx';

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /**
   * For a long list (販売管理's filter of every product): until the select is first touched,
   * focused or typed on, only the first option and the chosen one are in the page. A thousand
   * options cost a phone with the CPU slowed 4× about 80 ms of the screen's first drawing (same-run
   * A/Bs); they are added at once, before the picker opens.
   */
  listOnFirstUse?: boolean;
};

/** Labelled native select (the phone's own picker on mobile); works with react-hook-form's register(). */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, options, className, id, listOnFirstUse = false, onPointerDown, onFocus, onKeyDown, ...selectProps },
  ref,
) {
  const generatedId = useId();
  const [listed, setListed] = useState(!listOnFirstUse);
  // Synchronously, so the options are there when the browser opens its picker right after the event.
  const listingFirst =
    <E,>(handler: ((event: E) => void) | undefined) =>
    (event: E) => {
      if (!listed) flushSync(() => setListed(true));
      handler?.(event);
    };
  const shown = listed ? options : options.filter((option, index) => index === 0 || option.value === selectProps.value);
  const selectId = id ?? generatedId;
  return (
    <Field controlId={selectId} label={label} error={error} className={className}>
      {/* Without the native look the select has exactly the box of a text input beside it. */}
      <div className="relative">
        <select
          ref={ref}
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldMessageId(selectId) : undefined}
          className={clsx(
            'block w-full appearance-none rounded-md border bg-white py-2 pr-9 pl-3 text-base text-gray-900 shadow-sm focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm dark:bg-gray-900 dark:text-gray-100',
            error
              ? 'border-red-500 focus:ring-red-500/40'
              : 'border-gray-300 focus:border-blue-500 focus:ring-blue-500/40 dark:border-gray-700',
          )}
          {...selectProps}
          onPointerDown={listingFirst(onPointerDown)}
          onFocus={listingFirst(onFocus)}
          onKeyDown={listingFirst(onKeyDown)}
        >
          {shown.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-gray-500 dark:text-gray-400"
        />
      </div>
    </Field>
  );
});
