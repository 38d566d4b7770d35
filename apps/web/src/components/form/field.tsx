import type { ReactNode } from 'react';

/** The label above a form field, shared so fields built by hand line up with TextField and SelectField. */
export const FIELD_LABEL_CLASSES = 'mb-1 block text-sm font-medium text-gray-700 dark:text-gray-300';

/** The id of a field's message, for the control's aria-describedby. */
export const fieldMessageId = (controlId: string) => `${controlId}-message`;

/** A form control with its label above and its message below: the error, else the hint. */
export function Field({
  controlId,
  label,
  error,
  hint,
  className,
  children,
}: {
  controlId: string;
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={controlId} className={FIELD_LABEL_CLASSES}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={fieldMessageId(controlId)} className="mt-1 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={fieldMessageId(controlId)} className="mt-1 text-xs text-gray-500 dark:text-gray-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
