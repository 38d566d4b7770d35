import { zodResolver } from '@hookform/resolvers/zod';
import { saleOverStockMessage } from '@inventory/contracts/manufacturing';
import { type Product, sellBody } from '@inventory/contracts/products';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { TextField } from '../../../components/form/text-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { formatCount, formatIsoDate, formatYen } from '../../../lib/format.ts';
import { requiredNumber } from '../../../lib/form-numbers.ts';
import { notify } from '../../../lib/notify.ts';
import { SELL_MESSAGES, useSellProduct } from '../api/sell-product.ts';

/** An empty or non-numeric quantity gets the same text as one below 1. */
export const SELL_QUANTITY_MESSAGE = '販売数量は1以上で入力してください';

// The sale form: quantity, unit price, date and URL (the API's notes stay unset).
const sellForm = sellBody.omit({ notes: true }).extend({
  quantity: z.number({ error: SELL_QUANTITY_MESSAGE }).pipe(sellBody.shape.quantity),
});
type SellFormInput = z.input<typeof sellForm>;
type SellFormOutput = z.output<typeof sellForm>;

/** What the dialog needs of a product; the dashboard's product cards carry it too. */
export type SellableProduct = Pick<Product, 'id' | 'name' | 'current_stock' | 'selling_price'>;

export interface SellModalProps {
  product: SellableProduct;
  onClose: () => void;
}

/**
 * The sell dialog (販売): quantity (1), unit price (the selling price, else 0), date (today) and an
 * optional URL. More than the stock is refused before anything is sent. Mount it per product; the
 * dashboard composes it from its route with the same props.
 */
export function SellModal({ product, onClose }: SellModalProps) {
  const formId = useId();
  const sell = useSellProduct();
  const form = useForm<SellFormInput, unknown, SellFormOutput>({
    resolver: zodResolver(sellForm),
    defaultValues: { quantity: 1, unit_price: product.selling_price ?? 0, sale_date: formatIsoDate(new Date()), url: '' },
  });
  const { errors } = form.formState;
  const [quantity, unitPrice] = useWatch({ control: form.control, name: ['quantity', 'unit_price'] });
  const total = Number.isFinite(quantity) && Number.isFinite(unitPrice) ? quantity * unitPrice : null;

  const handleSubmit = form.handleSubmit((body) => {
    if (body.quantity > product.current_stock) {
      form.setError('quantity', { message: saleOverStockMessage(product.current_stock) });
      return;
    }
    sell.mutate(
      { productId: product.id, body },
      {
        onSuccess: ({ product: sold }) => {
          notify.success(SELL_MESSAGES.success(sold.name, body.quantity));
          onClose();
        },
        onError: (error) => notify.error(error.message),
      },
    );
  });

  return (
    <FormModal open onClose={onClose} title="販売" formId={formId} pending={sell.isPending} submitLabel="販売する" pendingLabel="販売中...">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2 rounded-lg bg-gray-50 p-3 dark:bg-gray-800/60">
        <p className="min-w-0 font-semibold break-all">{product.name}</p>
        <p className="text-sm">
          在庫: <span className="font-semibold tabular-nums">{formatCount(product.current_stock)}個</span>
        </p>
      </div>
      <form id={formId} onSubmit={handleSubmit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="販売数量"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          autoFocus
          error={errors.quantity?.message}
          {...form.register('quantity', { setValueAs: requiredNumber })}
        />
        <TextField
          label="販売単価（円）"
          type="number"
          inputMode="decimal"
          required
          min={0}
          step={0.01}
          error={errors.unit_price?.message}
          {...form.register('unit_price', { setValueAs: requiredNumber })}
        />
        <TextField label="販売日" type="date" required error={errors.sale_date?.message} {...form.register('sale_date')} />
        <TextField
          label="URL"
          type="url"
          inputMode="url"
          placeholder="https://"
          error={errors.url?.message}
          {...form.register('url')}
        />
        <p className="text-sm text-gray-700 sm:col-span-2 dark:text-gray-300" aria-live="polite">
          販売金額: <span className="font-semibold tabular-nums">{total === null ? '-' : formatYen(total)}</span>
        </p>
      </form>
    </FormModal>
  );
}
