import { zodResolver } from '@hookform/resolvers/zod';
import { type Sale, updateSaleBody } from '@inventory/contracts/sales';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { formatYen } from '../../../lib/format.ts';
import { requiredNumber } from '../../../lib/form-numbers.ts';
import { notify } from '../../../lib/notify.ts';
import { useProductChoices } from '../api/get-products.ts';
import { UPDATE_SALE_MESSAGES, useUpdateSale } from '../api/update-sale.ts';

type EditSaleInput = z.input<typeof updateSaleBody>;
type EditSaleOutput = z.output<typeof updateSaleBody>;
type ProductChoice = { id: number; name: string };

const PICK_PRODUCT_LABEL = '商品を選択してください';

// The select gives a string; '' (no product chosen) stays unset so the contract says 商品を選択してください.
const productIdValue = (value: unknown) => (value === '' || value === undefined ? undefined : Number(value));

/**
 * 売上記録の編集: product, quantity, unit price, date, URL and
 * notes, checked with the contract's schema. The server's refusal (not enough stock) is shown as
 * it comes and the dialog stays open to correct it.
 */
export function EditSaleModal({ sale, onClose }: { sale: Sale; onClose: () => void }) {
  const formId = useId();
  const update = useUpdateSale();
  const products = useProductChoices();

  return (
    <FormModal
      open
      onClose={onClose}
      title="売上記録の編集"
      formId={formId}
      pending={update.isPending}
      submitLabel="更新"
      pendingLabel="更新中..."
      submitDisabled={!products.isSuccess}
    >
      {products.isPending ? (
        <LoadingSpinner label="商品を読み込み中..." className="py-10" />
      ) : products.isError ? (
        <ErrorBanner message={products.error.message} onRetry={() => void products.refetch()} />
      ) : (
        <EditSaleForm
          formId={formId}
          sale={sale}
          products={products.data}
          disabled={update.isPending}
          onSubmit={(body) =>
            update.mutate(
              { id: sale.id, body },
              {
                onSuccess: () => {
                  notify.success(UPDATE_SALE_MESSAGES.success);
                  onClose();
                },
                onError: (error) => notify.error(error.message),
              },
            )
          }
        />
      )}
    </FormModal>
  );
}

function EditSaleForm({
  formId,
  sale,
  products,
  disabled,
  onSubmit,
}: {
  formId: string;
  sale: Sale;
  products: readonly ProductChoice[];
  disabled: boolean;
  onSubmit: (body: EditSaleOutput) => void;
}) {
  // A sale of a deleted product has no product to keep: the user picks one (the edit requires it).
  const currentProduct = products.find((product) => product.id === sale.product_id);
  const productOptions = [
    ...(currentProduct ? [] : [{ value: '', label: PICK_PRODUCT_LABEL }]),
    ...products.map((product) => ({ value: String(product.id), label: product.name })),
  ];
  const form = useForm<EditSaleInput, unknown, EditSaleOutput>({
    resolver: zodResolver(updateSaleBody),
    defaultValues: {
      product_id: currentProduct?.id,
      quantity: sale.quantity,
      unit_price: sale.unit_price,
      sale_date: sale.sale_date,
      url: sale.url ?? '',
      notes: sale.notes ?? '',
    },
  });
  const { errors } = form.formState;
  const [quantity, unitPrice] = useWatch({ control: form.control, name: ['quantity', 'unit_price'] });
  const total = Number.isFinite(quantity) && Number.isFinite(unitPrice) ? quantity * unitPrice : null;

  return (
    <form id={formId} noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <p className="text-sm text-gray-600 sm:col-span-2 dark:text-gray-400">
        商品または数量を変更すると、その差が在庫に反映されます。
      </p>
      <SelectField
        className="sm:col-span-2"
        label="商品"
        options={productOptions}
        disabled={disabled}
        error={errors.product_id?.message}
        {...form.register('product_id', { setValueAs: productIdValue })}
      />
      <TextField
        label="数量"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        required
        disabled={disabled}
        error={errors.quantity?.message}
        {...form.register('quantity', { setValueAs: requiredNumber })}
      />
      <TextField
        label="単価（円）"
        type="number"
        inputMode="decimal"
        min={0}
        step={1}
        required
        disabled={disabled}
        error={errors.unit_price?.message}
        {...form.register('unit_price', { setValueAs: requiredNumber })}
      />
      <TextField
        label="販売日"
        type="date"
        required
        disabled={disabled}
        error={errors.sale_date?.message}
        {...form.register('sale_date')}
      />
      <TextField
        label="URL"
        type="url"
        inputMode="url"
        placeholder="https://"
        disabled={disabled}
        error={errors.url?.message}
        {...form.register('url')}
      />
      <TextAreaField
        className="sm:col-span-2"
        label="備考"
        disabled={disabled}
        error={errors.notes?.message}
        {...form.register('notes')}
      />
      <p className="text-sm text-gray-700 sm:col-span-2 dark:text-gray-300" aria-live="polite">
        合計金額: <span className="font-semibold tabular-nums">{total === null ? '-' : formatYen(total)}</span>
      </p>
    </form>
  );
}
