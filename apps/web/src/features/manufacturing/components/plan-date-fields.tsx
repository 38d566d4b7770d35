import { isCalendarDate } from '@inventory/contracts/calendar-date';
import { addDays, parseISO } from 'date-fns';
import { type RefObject, useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/form/text-field.tsx';
import { formatIsoDate } from '../../../lib/format.ts';
import { dateInputValue, type PlanDates } from '../utils/plan-form.ts';

/** The two date inputs of a plan form, kept so validation can tell a half-typed date from an empty one. */
export function usePlanDateInputs() {
  const startInput = useRef<HTMLInputElement>(null);
  const endInput = useRef<HTMLInputElement>(null);
  // Called by the form's resolver, i.e. on submit and on later changes, never while rendering.
  const datesForValidation = <T extends PlanDates>(values: T): T => ({
    ...values,
    start_date: dateInputValue(startInput.current, values.start_date),
    end_date: dateInputValue(endInput.current, values.end_date),
  });
  return { startInput, endInput, datesForValidation };
}

function withInput(registration: UseFormRegisterReturn, input: RefObject<HTMLInputElement | null>): UseFormRegisterReturn {
  return {
    ...registration,
    ref: (element: HTMLInputElement | null) => {
      registration.ref(element);
      input.current = element;
    },
  };
}

/** 開始日 and 終了日 with their field-level messages; the end picker starts the day after the start. */
export function PlanDateFields({
  start,
  end,
  inputs,
  startDate,
  messages,
  disabled,
}: {
  start: UseFormRegisterReturn;
  end: UseFormRegisterReturn;
  inputs: Pick<ReturnType<typeof usePlanDateInputs>, 'startInput' | 'endInput'>;
  /** The start as typed, for the end picker's minimum. */
  startDate: string;
  messages: { start?: string; end?: string };
  disabled?: boolean;
}) {
  const minEnd = isCalendarDate(startDate) ? formatIsoDate(addDays(parseISO(startDate), 1)) : undefined;
  return (
    <>
      <TextField label="開始日" type="date" disabled={disabled} error={messages.start} {...withInput(start, inputs.startInput)} />
      <TextField label="終了日" type="date" min={minEnd} disabled={disabled} error={messages.end} {...withInput(end, inputs.endInput)} />
    </>
  );
}
