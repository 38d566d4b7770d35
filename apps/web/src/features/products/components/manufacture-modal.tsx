import { zodResolver } from '@hookform/resolvers/zod';
import { manufactureBody, manufactureOverCapacityMessage } from '@inventory/contracts/manufacturing';
import type { Product } from '@inventory/contracts/products';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { formatCount, formatIsoDate } from '../../../lib/format.ts';
import { requiredNumber } from '../../../lib/form-numbers.ts';
import { notify } from '../../../lib/notify.ts';
import { useCapacity } from '../api/get-capacity.ts';
import { MANUFACTURE_MESSAGES, useManufactureProduct } from '../api/manufacture-product.ts';

/** An empty or non-numeric quantity gets the same text as one below 1. */
export const MANUFACTURE_QUANTITY_MESSAGE = '製造数量は1以上で入力してください';

const manufactureForm = manufactureBody.extend({
  quantity: z.number({ error: MANUFACTURE_QUANTITY_MESSAGE }).pipe(manufactureBody.shape.quantity),
});
type ManufactureFormInput = z.input<typeof manufactureForm>;
type ManufactureFormOutput = z.output<typeof manufactureForm>;

/** What the dialog needs of a product; the dashboard's product cards carry it too. */
export type ManufacturableProduct = Pick<Product, 'id' | 'name'>;

export interface ManufactureModalProps {
  product: ManufacturableProduct;
  onClose: () => void;
}

function CapacitySummary({ capacity }: { capacity: ReturnType<typeof useCapacity> }) {
  if (capacity.isPending) return <LoadingSpinner size="sm" label="製造可能数を計算中..." className="justify-start" />;
  // A failed capacity lookup counts as 0.
  const max = capacity.data?.max_manufacturable ?? 0;
  const limiting = capacity.data?.limiting_parts ?? [];
  return (
    <div className="space-y-2">
      <p className="text-sm">
        最大製造可能数: <span className="text-base font-semibold tabular-nums">{formatCount(max)}個</span>
      </p>
      {capacity.isError ? (
        <p className="text-xs text-red-600 dark:text-red-400">{capacity.error.message}</p>
      ) : limiting.length === 0 ? (
        <p className="text-xs text-gray-600 dark:text-gray-400">レシピが設定されていないため製造できません</p>
      ) : (
        <div>
          <p className="text-xs font-medium text-gray-600 dark:text-gray-400">製造数を制限している部品</p>
          <ul aria-label="製造数を制限している部品" className="mt-1 space-y-0.5 text-sm">
            {limiting.map((part) => (
              <li key={part.part_id} className="flex flex-wrap justify-between gap-x-3">
                <span className="min-w-0 truncate font-medium">{part.part_name}</span>
                <span className="text-gray-600 tabular-nums dark:text-gray-400">
                  在庫 {formatCount(part.current_stock)} / 1個あたり {formatCount(part.required_per_product)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/**
 * The manufacture dialog (製造): quantity (1), date (today), notes, with the maximum and the parts
 * that limit it. A quantity above the maximum is refused before anything is sent. Mount it per
 * product; the dashboard composes it from its route with the same props.
 */
export function ManufactureModal({ product, onClose }: ManufactureModalProps) {
  const formId = useId();
  const capacity = useCapacity(product.id);
  const manufacture = useManufactureProduct();
  const form = useForm<ManufactureFormInput, unknown, ManufactureFormOutput>({
    resolver: zodResolver(manufactureForm),
    defaultValues: { quantity: 1, manufacturing_date: formatIsoDate(new Date()), notes: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit((body) => {
    const max = capacity.data?.max_manufacturable ?? 0;
    if (body.quantity > max) {
      form.setError('quantity', { message: manufactureOverCapacityMessage(max) });
      return;
    }
    manufacture.mutate(
      { productId: product.id, body },
      {
        onSuccess: ({ product: made }) => {
          notify.success(MANUFACTURE_MESSAGES.success(made.name, body.quantity));
          onClose();
        },
        onError: (error) => notify.error(error.message),
      },
    );
  });

  return (
    <FormModal
      open
      onClose={onClose}
      title="製造"
      formId={formId}
      pending={manufacture.isPending}
      submitDisabled={capacity.isPending}
      submitLabel="製造する"
      pendingLabel="製造中..."
    >
      <div className="mb-4 space-y-3 rounded-lg bg-gray-50 p-3 dark:bg-gray-800/60">
        <p className="font-semibold break-all">{product.name}</p>
        <CapacitySummary capacity={capacity} />
      </div>
      <form id={formId} onSubmit={handleSubmit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="製造数量"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          autoFocus
          error={errors.quantity?.message}
          {...form.register('quantity', { setValueAs: requiredNumber })}
        />
        <TextField label="製造日" type="date" required error={errors.manufacturing_date?.message} {...form.register('manufacturing_date')} />
        <TextAreaField label="備考" error={errors.notes?.message} className="sm:col-span-2" {...form.register('notes')} />
      </form>
    </FormModal>
  );
}
