import { zodResolver } from '@hookform/resolvers/zod';
import { COPY_NAME_SUFFIX, copyProductBody, type Product } from '@inventory/contracts/products';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '../../../components/form/text-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { notify } from '../../../lib/notify.ts';
import { COPY_PRODUCT_MESSAGES, useCopyProduct } from '../api/copy-product.ts';

/** The original name plus ' (コピー)'. */
export const defaultCopyName = (name: string) => `${name}${COPY_NAME_SUFFIX}`;

/** Copy a product under a new name: fields and recipe come along, stock and history do not. */
export function CopyProductModal({ product, onClose }: { product: Product; onClose: () => void }) {
  const formId = useId();
  const copy = useCopyProduct();
  const form = useForm<z.input<typeof copyProductBody>, unknown, z.output<typeof copyProductBody>>({
    resolver: zodResolver(copyProductBody),
    defaultValues: { name: defaultCopyName(product.name) },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit((body) =>
    copy.mutate(
      { id: product.id, body },
      {
        onSuccess: (created) => {
          notify.success(COPY_PRODUCT_MESSAGES.success(created.name));
          onClose();
        },
        onError: (error) => notify.error(error.message),
      },
    ),
  );

  return (
    <FormModal open onClose={onClose} title="商品のコピー" formId={formId} pending={copy.isPending} submitLabel="コピー" pendingLabel="コピー中...">
      <form id={formId} onSubmit={handleSubmit} noValidate className="space-y-4">
        <p className="text-sm text-gray-700 dark:text-gray-300">
          コピー元: <span className="font-semibold break-all">{product.name}</span>
        </p>
        <TextField label="新しい商品名" required autoFocus error={errors.name?.message} {...form.register('name')} />
        <p className="rounded-lg bg-blue-50 p-3 text-sm text-blue-800 dark:bg-blue-950/40 dark:text-blue-200">
          販売価格・URL・品番とレシピがコピーされます。在庫数と製造・販売の履歴はコピーされません（在庫は0個から始まります）。
        </p>
      </form>
    </FormModal>
  );
}
