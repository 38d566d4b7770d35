import { format, parseISO } from 'date-fns';

/** Dates of the orders screen: M月d日 (specification 000, section 2). */
export function formatOrderDate(date: string) {
  return format(parseISO(date), 'M月d日');
}

/** The full date, for tooltips and screen readers: yyyy年M月d日. */
export function formatFullDate(date: string) {
  return format(parseISO(date), 'yyyy年M月d日');
}

export const NO_DELIVERY_DATE_LABEL = '未設定';

const quantityFormat = new Intl.NumberFormat('ja-JP');

/** Order quantities in 個, with thousands separators. */
export function formatOrderQuantity(quantity: number) {
  return `${quantityFormat.format(quantity)}個`;
}
