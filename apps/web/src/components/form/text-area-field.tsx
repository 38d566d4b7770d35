import clsx from 'clsx';
import { forwardRef, type TextareaHTMLAttributes, useId } from 'react';
import { Field, fieldMessageId } from './field.tsx';

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
  hint?: string;
};

/** Labelled multi-line input (notes) with its validation message; works with react-hook-form's register(). */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, className, id, rows = 3, ...textareaProps },
  ref,
) {
  const generatedId = useId();
  const textareaId = id ?? generatedId;
  return (
    <Field controlId={textareaId} label={label} error={error} hint={hint} className={className}>
      <textarea
        ref={ref}
        id={textareaId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? fieldMessageId(textareaId) : undefined}
        className={clsx(
          'block w-full rounded-md border bg-white px-3 py-2 text-base text-gray-900 shadow-sm placeholder:text-gray-400 focus:outline-none focus:ring-2 sm:text-sm dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-500',
          error
            ? 'border-red-500 focus:ring-red-500/40'
            : 'border-gray-300 focus:border-blue-500 focus:ring-blue-500/40 dark:border-gray-700',
        )}
        {...textareaProps}
      />
    </Field>
  );
});
