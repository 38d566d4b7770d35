import { zodResolver } from '@hookform/resolvers/zod';
import { type PartListItem, stockEntryBody } from '@inventory/contracts/parts';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '../../../components/form/text-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { formatIsoDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useReceiveStock } from '../api/receive-stock.ts';
import { optionalNumber, requiredNumber } from '../../../lib/form-numbers.ts';
import { unitLabel } from '../utils/part-display.ts';
import { PartStockSummary } from './part-stock-summary.tsx';


/** Stock receipt (入荷): quantity 1 or more, unit price, date (today by default), notes. Mount it per part. */
export function ReceiveStockModal({ part, onClose }: { part: PartListItem; onClose: () => void }) {
  const formId = useId();
  const receive = useReceiveStock();
  const form = useForm<z.input<typeof stockEntryBody>, unknown, z.output<typeof stockEntryBody>>({
    resolver: zodResolver(stockEntryBody),
    defaultValues: { quantity: 1, unit_price: part.unit_price, entry_date: formatIsoDate(new Date()), notes: '' },
  });
  const { errors } = form.formState;
  const unit = unitLabel(part);

  const handleSubmit = form.handleSubmit((body) =>
    receive.mutate(
      { partId: part.id, body },
      {
        onSuccess: ({ part: updated }) => {
          notify.success(`「${updated.name}」を${body.quantity}${unit}入荷しました（在庫: ${updated.current_stock}${unit}）`);
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
      title="入荷"
      formId={formId}
      pending={receive.isPending}
      submitLabel="入荷を登録"
      pendingLabel="登録中..."
    >
      <PartStockSummary part={part} />
      <form id={formId} onSubmit={handleSubmit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="数量"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          autoFocus
          error={errors.quantity?.message}
          {...form.register('quantity', { setValueAs: requiredNumber })}
        />
        <TextField
          label="単価（円）"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          error={errors.unit_price?.message}
          {...form.register('unit_price', { setValueAs: optionalNumber })}
        />
        <TextField
          label="入荷日"
          type="date"
          required
          error={errors.entry_date?.message}
          className="sm:col-span-2"
          {...form.register('entry_date')}
        />
        <div className="sm:col-span-2">
          <label htmlFor={`${formId}-notes`} className="mb-1 block text-sm font-medium text-gray-700 dark:text-gray-300">
            備考
          </label>
          <textarea
            id={`${formId}-notes`}
            rows={3}
            className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40 focus:outline-none sm:text-sm dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
            aria-invalid={errors.notes ? true : undefined}
            {...form.register('notes')}
          />
          {errors.notes?.message && <p className="mt-1 text-sm text-red-600 dark:text-red-400">{errors.notes.message}</p>}
        </div>
      </form>
    </FormModal>
  );
}
