import { zodResolver } from '@hookform/resolvers/zod';
import { createProductBody, type Product, updateProductBody, type UpdateProductBody } from '@inventory/contracts/products';
import { useId } from 'react';
import { type Path, type Resolver, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { reasonOrUnset, StockReasonFields } from '../../../components/form/stock-reason-fields.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { optionalNumber } from '../../../lib/form-numbers.ts';
import { notify } from '../../../lib/notify.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { useUpdateProduct } from '../api/update-product.ts';

type ProductFormInput = z.input<typeof createProductBody> & Pick<UpdateProductBody, 'reason' | 'reason_note'>;
// The edit form validates with updateProductBody, whose output is the create output with every field optional.
type ProductFormOutput = z.output<typeof updateProductBody>;

const FORM_FIELDS = ['name', 'selling_price', 'current_stock', 'url', 'part_number', 'barcode', 'reason', 'reason_note'] as const;

/** An emptied stock input means "as before" (0 for a new product), never NaN. */
const countOrDefault = (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value));

function defaultsFor(product: Product | null): ProductFormInput {
  return {
    name: product?.name ?? '',
    selling_price: product?.selling_price ?? null,
    current_stock: product?.current_stock ?? 0,
    url: product?.url ?? '',
    part_number: product?.part_number ?? '',
    barcode: product?.barcode ?? '',
    reason: undefined,
    reason_note: '',
  };
}

/** Add (product = null) or edit a product. Mount it per product (key) so the form starts fresh. */
export function ProductFormModal({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const formId = useId();
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const isEdit = product !== null;

  const form = useForm<ProductFormInput, unknown, ProductFormOutput>({
    resolver: (isEdit ? zodResolver(updateProductBody) : zodResolver(createProductBody)) as Resolver<
      ProductFormInput,
      unknown,
      ProductFormOutput
    >,
    defaultValues: defaultsFor(product),
  });
  const { errors, dirtyFields } = form.formState;
  const chosenReason = useWatch({ control: form.control, name: 'reason' });
  const saving = createProduct.isPending || updateProduct.isPending;

  // As on the parts screen: the server's text in a toast, and under the field it names.
  const showServerError = (error: unknown) => {
    if (!(error instanceof Error)) return;
    notify.error(error.message);
    if (error instanceof ApiError) {
      for (const detail of error.details ?? []) {
        const field = FORM_FIELDS.find((name) => name === detail.path);
        if (field) form.setError(field as Path<ProductFormInput>, { message: detail.message });
      }
    }
  };

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      if (isEdit) {
        // The stock goes only when it was changed: a number from a form opened before a sale or
        // a manufacture must not overwrite the newer stock.
        const { current_stock, reason, reason_note, ...rest } = values;
        const body: UpdateProductBody = dirtyFields.current_stock ? { ...rest, current_stock, reason, reason_note } : rest;
        const saved = await updateProduct.mutateAsync({ id: product.id, body });
        notify.success(`商品「${saved.name}」を更新しました`);
      } else {
        const saved = await createProduct.mutateAsync(values as z.output<typeof createProductBody>);
        notify.success(`商品「${saved.name}」を追加しました`);
      }
      onClose();
    } catch (error) {
      showServerError(error);
    }
  });

  return (
    <FormModal
      open
      onClose={onClose}
      title={isEdit ? '商品を編集' : '商品を追加'}
      size="lg"
      formId={formId}
      pending={saving}
      submitLabel="保存"
      pendingLabel="保存中..."
    >
      <form id={formId} onSubmit={handleSubmit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label="商品名" required autoFocus error={errors.name?.message} className="sm:col-span-2" {...form.register('name')} />
        <TextField
          label="販売価格（円）"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          error={errors.selling_price?.message}
          {...form.register('selling_price', { setValueAs: optionalNumber })}
        />
        <TextField
          label="在庫数"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          hint={isEdit ? '変更すると在庫修正として在庫履歴に記録されます' : undefined}
          error={errors.current_stock?.message}
          {...form.register('current_stock', { setValueAs: countOrDefault })}
        />
        {isEdit && dirtyFields.current_stock && (
          <StockReasonFields
            reason={form.register('reason', { setValueAs: reasonOrUnset })}
            note={form.register('reason_note')}
            chosen={chosenReason}
            reasonError={errors.reason?.message}
            noteError={errors.reason_note?.message}
          />
        )}
        <TextField
          label="URL"
          type="url"
          inputMode="url"
          placeholder="https://"
          error={errors.url?.message}
          className="sm:col-span-2"
          {...form.register('url')}
        />
        <TextField label="品番" error={errors.part_number?.message} {...form.register('part_number')} />
        <TextField label="バーコード" autoComplete="off" error={errors.barcode?.message} {...form.register('barcode')} />
      </form>
    </FormModal>
  );
}
