import { DEFAULT_UNIT_LABEL } from '@inventory/contracts/units';
import type { Product, ProductCost } from '@inventory/contracts/products';
import clsx from 'clsx';
import { ExternalLink, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { StockMovementsTable } from '../../../components/ui/stock-movements-table.tsx';
import { formatCount, formatMargin, formatYen } from '../../../lib/format.ts';
import { useProductCost } from '../api/get-product-cost.ts';
import { useProductMovements } from '../api/get-product-movements.ts';
import { productMovementKindLabel } from '../utils/movement-kinds.ts';
import { ManufacturableCount } from './manufacturable-count.tsx';

const EMPTY = <span className="text-gray-400 dark:text-gray-500">-</span>;
const TABLE_HEAD = 'px-3 py-2 text-left text-xs font-semibold whitespace-nowrap text-gray-600 dark:text-gray-300';
const TABLE_CELL = 'px-3 py-2 whitespace-nowrap';

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={clsx(wide && 'col-span-2')}>
      <dt className="text-xs font-medium text-gray-500 dark:text-gray-400">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-gray-900 dark:text-gray-100">{children}</dd>
    </div>
  );
}

function CostFigures({ cost }: { cost: ProductCost }) {
  return (
    <dl className="grid grid-cols-3 gap-3 rounded-lg bg-gray-50 p-3 dark:bg-gray-800/60">
      <Field label="原価合計">
        <span className="font-semibold tabular-nums">{formatYen(cost.total_cost)}</span>
      </Field>
      <Field label="1個あたりの利益">
        {cost.profit_per_unit === null ? (
          EMPTY
        ) : (
          <span className={clsx('font-semibold tabular-nums', cost.profit_per_unit < 0 && 'text-red-700 dark:text-red-400')}>
            {formatYen(cost.profit_per_unit)}
          </span>
        )}
      </Field>
      <Field label="利益率">
        {cost.margin === null ? EMPTY : <span className="font-semibold tabular-nums">{formatMargin(cost.margin)}</span>}
      </Field>
    </dl>
  );
}

function CostBreakdown({ productId }: { productId: number }) {
  const cost = useProductCost(productId);
  if (cost.isPending) return <LoadingSpinner size="sm" label="原価を計算中..." className="justify-start py-4" />;
  if (cost.isError) return <ErrorBanner message={cost.error.message} onRetry={() => void cost.refetch()} />;
  const { lines } = cost.data;
  return (
    <div className="space-y-3">
      <CostFigures cost={cost.data} />
      {cost.data.selling_price === null && <p className="text-xs text-gray-500 dark:text-gray-400">販売価格が未設定のため利益は計算できません</p>}
      {lines.length === 0 ? (
        <p className="py-2 text-sm text-gray-500 dark:text-gray-400">レシピが設定されていません</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-700">
          <table aria-label="原価内訳" className="w-full text-sm">
            <thead className="bg-gray-50 dark:bg-gray-800">
              <tr>
                <th scope="col" className={TABLE_HEAD}>部品名</th>
                <th scope="col" className={clsx(TABLE_HEAD, 'text-right')}>単価</th>
                <th scope="col" className={clsx(TABLE_HEAD, 'text-right')}>必要数量</th>
                <th scope="col" className={clsx(TABLE_HEAD, 'text-right')}>小計</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
              {lines.map((line) => (
                <tr key={line.part_id}>
                  <td className="max-w-60 truncate px-3 py-2" title={line.part_name}>
                    {line.part_name}
                  </td>
                  <td className={clsx(TABLE_CELL, 'text-right tabular-nums')}>
                    {line.unit_price === null ? <span className="text-amber-700 dark:text-amber-400">単価未設定</span> : formatYen(line.unit_price)}
                  </td>
                  <td className={clsx(TABLE_CELL, 'text-right tabular-nums')}>
                    {formatCount(line.quantity_required)}
                    {line.unit ?? DEFAULT_UNIT_LABEL}
                  </td>
                  <td className={clsx(TABLE_CELL, 'text-right tabular-nums')}>{formatYen(line.line_cost)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {cost.data.unpriced_parts > 0 && (
        <p className="text-xs text-amber-700 dark:text-amber-400">単価が未設定の部品が{cost.data.unpriced_parts}件あります（原価は0円として計算しています）</p>
      )}
    </div>
  );
}

/** A product's fields, its cost breakdown and its stock movements (newest first); opened from the name. */
export function ProductDetailModal({
  product,
  capacity,
  onClose,
  onEdit,
}: {
  product: Product;
  /** The manufacturable count from the list's batch call; null while it is computed. */
  capacity: number | null;
  onClose: () => void;
  onEdit: (product: Product) => void;
}) {
  const movements = useProductMovements(product.id);
  return (
    <Modal
      open
      onClose={onClose}
      title={product.name}
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            閉じる
          </Button>
          <Button onClick={() => onEdit(product)}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            編集
          </Button>
        </>
      }
    >
      <div className="space-y-6">
        <section aria-labelledby="product-detail-fields">
          <h3 id="product-detail-fields" className="sr-only">
            商品情報
          </h3>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-4">
            <Field label="商品名" wide>
              {product.name}
            </Field>
            <Field label="品番">{product.part_number ?? EMPTY}</Field>
            <Field label="在庫数">
              <span className="tabular-nums">{formatCount(product.current_stock)}個</span>
            </Field>
            <Field label="販売価格">{product.selling_price === null ? EMPTY : formatYen(product.selling_price)}</Field>
            <Field label="製造可能数">
              <ManufacturableCount count={capacity} />
            </Field>
            <Field label="URL" wide>
              {product.url ? (
                <a
                  href={product.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 break-all text-blue-600 hover:underline dark:text-blue-400"
                >
                  {product.url}
                  <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                </a>
              ) : (
                EMPTY
              )}
            </Field>
          </dl>
        </section>
        <section aria-labelledby="product-detail-cost">
          <h3 id="product-detail-cost" className="mb-2 font-semibold text-gray-900 dark:text-gray-100">
            原価内訳
          </h3>
          <CostBreakdown productId={product.id} />
        </section>
        <section aria-labelledby="product-detail-movements">
          <h3 id="product-detail-movements" className="mb-2 font-semibold text-gray-900 dark:text-gray-100">
            在庫履歴
          </h3>
          <StockMovementsTable movements={movements} kindLabel={productMovementKindLabel} unit={DEFAULT_UNIT_LABEL} />
        </section>
      </div>
    </Modal>
  );
}
