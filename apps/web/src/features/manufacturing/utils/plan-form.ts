import { isCalendarDate } from '@inventory/contracts/calendar-date';
import type { CreatePlanBody, RequirementsBody } from '@inventory/contracts/manufacturing';
import { PLAN_MESSAGES } from '@inventory/contracts/plan-texts';
import type { FieldErrors, FieldValues } from 'react-hook-form';

export interface PlanDates {
  start_date: string;
  end_date: string;
}

// A browser's date input holds '' both when empty and when half typed (then validity.badInput is
// set). A half-typed date must be reported as invalid (開始日が無効です), not as missing.
const HALF_TYPED_DATE = 'half-typed';

/** The value validation sees for a date input. */
export function dateInputValue(input: HTMLInputElement | null, value: string) {
  return value === '' && input?.validity.badInput ? HALF_TYPED_DATE : value;
}

/**
 * The messages under the date inputs. They follow what is typed
 * from the first keystroke; validation adds the half-typed dates only it can see.
 */
export function planDateFieldMessages(values: PlanDates, errors: FieldErrors<PlanDates>) {
  const invalid = (value: string, message: string | undefined, invalidMessage: string) =>
    (value !== '' && !isCalendarDate(value)) || message === invalidMessage;
  const startInvalid = invalid(values.start_date, errors.start_date?.message, PLAN_MESSAGES.startInvalid);
  const endInvalid = invalid(values.end_date, errors.end_date?.message, PLAN_MESSAGES.endInvalid);
  const endNotAfterStart =
    isCalendarDate(values.start_date) && isCalendarDate(values.end_date) && values.end_date <= values.start_date;
  return {
    start: startInvalid ? PLAN_MESSAGES.fieldInvalidDate : undefined,
    end: endInvalid ? PLAN_MESSAGES.fieldInvalidDate : endNotAfterStart ? PLAN_MESSAGES.fieldEndAfterStart : undefined,
  };
}

/** The messages shown above a plan form after a submit, in the order of its fields. */
export function planFormErrorMessages<T extends FieldValues>(errors: FieldErrors<T>, fields: ReadonlyArray<keyof T & string>) {
  return fields.flatMap((field) => {
    const message = errors[field]?.message;
    return typeof message === 'string' ? [message] : [];
  });
}

/**
 * The requirements check needs a product and a quantity above 0. The create form
 * holds NaN for no product chosen and for an emptied quantity, which the schema refuses.
 */
export function canCheckRequirements(values: Pick<CreatePlanBody, 'product_id' | 'quantity'>) {
  return values.product_id > 0 && values.quantity > 0;
}

/**
 * POST /manufacturing/requirements for the form: the one order, the dates that are
 * valid so far, and what was already made in that period subtracted.
 */
export function requirementsCheckBody(values: CreatePlanBody): RequirementsBody {
  return {
    orders: [{ product_id: values.product_id, quantity: values.quantity }],
    ...(isCalendarDate(values.start_date) ? { start_date: values.start_date } : {}),
    ...(isCalendarDate(values.end_date) ? { end_date: values.end_date } : {}),
    reduce_by_manufacturing: true,
  };
}
