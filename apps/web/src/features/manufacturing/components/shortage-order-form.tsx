import type { RequirementsResult } from '@inventory/contracts/manufacturing';
import { ShoppingCart } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { formatIsoDate } from '../../../lib/format.ts';
import { DELIVERY_DATE_MESSAGE, isDeliveryDateValid, nothingToOrderReason, SHORTAGE_ORDER_LABEL } from '../utils/shortage-orders.ts';

/**
 * 不足分を発注 under a requirements table: the expected delivery date (prefilled, editable) and the
 * button, disabled with the reason shown when nothing is left to order. Mount it with a `key` of
 * the prefilled date, so a new check starts from its own date.
 */
export function ShortageOrderForm({
  result,
  initialDeliveryDate,
  onOrder,
  ordering,
}: {
  result: RequirementsResult;
  initialDeliveryDate: string;
  onOrder: (expectedDeliveryDate: string) => void;
  ordering: boolean;
}) {
  const reasonId = useId();
  const [deliveryDate, setDeliveryDate] = useState(initialDeliveryDate);
  const today = formatIsoDate(new Date());
  const reason = nothingToOrderReason(result);
  const dateError = reason === null && !isDeliveryDateValid(deliveryDate, today) ? DELIVERY_DATE_MESSAGE : undefined;

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      {reason === null ? (
        <>
          <p className="text-xs text-gray-500 sm:max-w-sm dark:text-gray-400">
            発注済みの数量を差し引いた「要発注」の数量を、部品ごとに本日付で発注します。納入予定日には開始日（過ぎていれば本日）が入っています。
          </p>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <TextField
              label="納入予定日"
              type="date"
              min={today}
              value={deliveryDate}
              onChange={(event) => setDeliveryDate(event.target.value)}
              error={dateError}
              disabled={ordering}
              className="sm:w-44"
            />
            <Button
              variant="secondary"
              onClick={() => onOrder(deliveryDate)}
              disabled={ordering || dateError !== undefined}
              className="shrink-0 sm:mt-6"
            >
              <ShoppingCart className="h-4 w-4" aria-hidden="true" />
              {ordering ? '発注中...' : SHORTAGE_ORDER_LABEL}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p id={reasonId} className="text-sm text-gray-600 dark:text-gray-400">
            {reason}
          </p>
          <Button variant="secondary" disabled aria-describedby={reasonId} className="shrink-0">
            <ShoppingCart className="h-4 w-4" aria-hidden="true" />
            {SHORTAGE_ORDER_LABEL}
          </Button>
        </>
      )}
    </div>
  );
}
