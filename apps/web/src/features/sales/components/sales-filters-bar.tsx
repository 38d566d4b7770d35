import { RotateCcw } from 'lucide-react';
import { Button } from '../../../components/form/button.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { ALL_PRODUCTS_LABEL, type SalesFilterErrors } from '../utils/sales-filters.ts';
import type { SalesFilterValues } from '../utils/sales-query.ts';

/**
 * 開始日, 終了日, 商品 and リセット. Every change is applied at once (the screen reloads what the
 * filters govern); an end before the start is said under 終了日 and sends nothing.
 */
export function SalesFiltersBar({
  values,
  errors,
  products,
  canReset,
  onChange,
  onReset,
}: {
  values: SalesFilterValues;
  errors: SalesFilterErrors | null;
  products: ReadonlyArray<{ id: number; name: string }>;
  canReset: boolean;
  onChange: (values: SalesFilterValues) => void;
  onReset: () => void;
}) {
  const productOptions = [
    { value: '', label: ALL_PRODUCTS_LABEL },
    ...products.map((product) => ({ value: String(product.id), label: product.name })),
  ];
  return (
    <div
      role="search"
      aria-label="売上の絞り込み"
      className="grid grid-cols-2 items-start gap-3 rounded-xl border border-gray-200 bg-white p-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.5fr)_auto] dark:border-gray-800 dark:bg-gray-900"
    >
      <TextField
        label="開始日"
        type="date"
        value={values.start_date}
        max={values.end_date || undefined}
        error={errors?.start_date}
        onChange={(event) => onChange({ ...values, start_date: event.target.value })}
      />
      <TextField
        label="終了日"
        type="date"
        value={values.end_date}
        min={values.start_date || undefined}
        error={errors?.end_date}
        onChange={(event) => onChange({ ...values, end_date: event.target.value })}
      />
      <SelectField
        className="col-span-2 lg:col-span-1"
        label="商品"
        options={productOptions}
        listOnFirstUse
        value={values.product_id}
        error={errors?.product_id}
        onChange={(event) => onChange({ ...values, product_id: event.target.value })}
      />
      {/* Aligned with the inputs, below their labels. */}
      <Button variant="secondary" className="col-span-2 lg:col-span-1 lg:mt-6" onClick={onReset} disabled={!canReset}>
        <RotateCcw className="h-4 w-4" aria-hidden="true" />
        リセット
      </Button>
    </div>
  );
}
