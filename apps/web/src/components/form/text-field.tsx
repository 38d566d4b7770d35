import clsx from 'clsx';
import { forwardRef, type InputHTMLAttributes, useId } from 'react';
import { Field, fieldMessageId } from './field.tsx';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: string;
};

/** Labelled input with its validation message; works with react-hook-form's register(). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, className, id, ...inputProps },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <Field controlId={inputId} label={label} error={error} hint={hint} className={className}>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? fieldMessageId(inputId) : undefined}
        className={clsx(
          'block w-full rounded-md border bg-white px-3 py-2 text-base text-gray-900 shadow-sm placeholder:text-gray-400 focus:outline-none focus:ring-2 sm:text-sm dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-500',
          error
            ? 'border-red-500 focus:ring-red-500/40'
            : 'border-gray-300 focus:border-blue-500 focus:ring-blue-500/40 dark:border-gray-700',
        )}
        {...inputProps}
      />
    </Field>
  );
});
