import { zodResolver } from '@hookform/resolvers/zod';
import { ORDER_STATUSES } from '@inventory/contracts/order-statuses';
import { type Order, ORDER_STATUS_LABELS, updateOrderBody } from '@inventory/contracts/orders';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { formatFullDate, formatQuantity } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { UPDATE_ORDER_MESSAGES, useUpdateOrder } from '../api/update-order.ts';

const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] }));
const FORM_ID = 'order-status-form';

/**
 * 発注状態更新: any of the four statuses and the expected delivery date. Delivered orders never
 * open it: delivered is final.
 */
export function OrderStatusModal({
  order,
  onClose,
}: {
  order: Order;
  onClose: () => void;
}) {
  const update = useUpdateOrder();

  return (
    <FormModal
      open
      onClose={onClose}
      title="発注状態更新"
      size="sm"
      formId={FORM_ID}
      pending={update.isPending}
      submitLabel="更新"
      pendingLabel="更新中..."
    >
      <StatusForm
        order={order}
        disabled={update.isPending}
        onSubmit={(body) =>
          update.mutate(
            { id: order.id, body },
            {
              onSuccess: () => {
                notify.success(UPDATE_ORDER_MESSAGES.success(order.part_name));
                onClose();
              },
              onError: (error) => notify.error(error.message),
            },
          )
        }
      />
    </FormModal>
  );
}

function StatusForm({
  order,
  disabled,
  onSubmit,
}: {
  order: Order;
  disabled: boolean;
  onSubmit: (body: z.output<typeof updateOrderBody>) => void;
}) {
  // The server refuses a delivery date before the order date; saying so here saves a round trip.
  const schema = useMemo(
    () =>
      updateOrderBody.refine((body) => !body.expected_delivery_date || body.expected_delivery_date >= order.order_date, {
        error: '納入予定日は発注日以降の日付にしてください',
        path: ['expected_delivery_date'],
      }),
    [order.order_date],
  );
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { status: order.status, expected_delivery_date: order.expected_delivery_date ?? '' },
  });
  const { errors } = form.formState;
  const chosenStatus = useWatch({ control: form.control, name: 'status' });

  return (
    <form id={FORM_ID} noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
      <dl className="rounded-lg bg-gray-50 px-3 py-2 text-sm dark:bg-gray-800/60">
        <div className="flex gap-2">
          <dt className="shrink-0 text-gray-500 dark:text-gray-400">部品名</dt>
          <dd className="min-w-0 font-medium break-words">{order.part_name}</dd>
        </div>
        <div className="mt-1 flex gap-2">
          <dt className="shrink-0 text-gray-500 dark:text-gray-400">発注数量</dt>
          <dd>{formatQuantity(order.quantity)}</dd>
          <dt className="ml-3 shrink-0 text-gray-500 dark:text-gray-400">発注日</dt>
          <dd>{formatFullDate(order.order_date)}</dd>
        </div>
      </dl>
      <SelectField
        label="状態"
        options={STATUS_OPTIONS}
        disabled={disabled}
        error={errors.status?.message}
        {...form.register('status')}
      />
      {chosenStatus === 'delivered' ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
          納入済みにすると在庫が自動的に更新されます（+{formatQuantity(order.quantity)}）。納入済みの発注は後から変更できません。
        </p>
      ) : null}
      <TextField
        label="納入予定日"
        type="date"
        hint="未定の場合は空欄のままにしてください"
        disabled={disabled}
        error={errors.expected_delivery_date?.message}
        {...form.register('expected_delivery_date')}
      />
    </form>
  );
}
