import { zodResolver } from '@hookform/resolvers/zod';
import { createOrderBody } from '@inventory/contracts/orders';
import type { PartListItem } from '@inventory/contracts/parts';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '../../../components/form/text-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { formatIsoDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useCreatePartOrder } from '../api/create-part-order.ts';
import { requiredNumber } from '../../../lib/form-numbers.ts';
import { unitLabel } from '../utils/part-display.ts';
import { PartStockSummary } from './part-stock-summary.tsx';


/** Purchase order (発注) for one part: quantity 1 or more, order date (today), optional expected delivery. */
export function CreateOrderModal({ part, onClose }: { part: PartListItem; onClose: () => void }) {
  const formId = useId();
  const createOrder = useCreatePartOrder();
  const form = useForm<z.input<typeof createOrderBody>, unknown, z.output<typeof createOrderBody>>({
    resolver: zodResolver(createOrderBody),
    defaultValues: { quantity: 1, order_date: formatIsoDate(new Date()), expected_delivery_date: '' },
  });
  const { errors } = form.formState;
  const unit = unitLabel(part);

  const handleSubmit = form.handleSubmit((body) =>
    createOrder.mutate(
      { partId: part.id, body },
      {
        onSuccess: (order) => {
          notify.success(`「${order.part_name}」を${order.quantity}${unit}発注しました`);
          onClose();
        },
        onError: (error) => notify.error(error.message),
      },
    ),
  );

  return (
    <FormModal
      open
      onClose={onClose}
      title="発注"
      formId={formId}
      pending={createOrder.isPending}
      submitLabel="発注を作成"
      pendingLabel="作成中..."
    >
      <PartStockSummary part={part} />
      <form id={formId} onSubmit={handleSubmit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="発注数量"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          autoFocus
          className="sm:col-span-2"
          error={errors.quantity?.message}
          {...form.register('quantity', { setValueAs: requiredNumber })}
        />
        <TextField label="発注日" type="date" required error={errors.order_date?.message} {...form.register('order_date')} />
        <TextField
          label="納入予定日（任意）"
          type="date"
          error={errors.expected_delivery_date?.message}
          {...form.register('expected_delivery_date')}
        />
      </form>
    </FormModal>
  );
}
