import type { Product } from '@inventory/contracts/products';
import { ExternalLink } from 'lucide-react';
import { formatCount, formatYen } from '../../../lib/format.ts';
import { useWindowRows } from '../../../lib/use-virtual-rows.ts';
import type { ProductAction } from '../utils/product-actions.ts';
import { ManufacturableCount } from './manufacturable-count.tsx';
import { ProductActionMenu } from './product-action-menu.tsx';

export interface ProductListProps {
  products: readonly Product[];
  /** A product's manufacturable count; null while the batch call is under way. */
  capacityOf: (productId: number) => number | null;
  onAction: (action: ProductAction, product: Product) => void;
}

const EMPTY = <span className="text-gray-400 dark:text-gray-600">-</span>;

export function ProductUrlLink({ product }: { product: Pick<Product, 'name' | 'url'> }) {
  if (!product.url) return EMPTY;
  return (
    <a
      href={product.url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`「${product.name}」のURLを開く`}
      title={product.url}
      className="inline-flex rounded p-1 text-blue-600 hover:bg-blue-50 dark:text-blue-400 dark:hover:bg-blue-950/50"
    >
      <ExternalLink className="h-4 w-4" aria-hidden="true" />
    </a>
  );
}

export function ProductNameButton({ product, onAction }: { product: Product; onAction: ProductListProps['onAction'] }) {
  return (
    <button
      type="button"
      title={product.name}
      onClick={() => onAction('detail', product)}
      className="block max-w-full truncate text-left font-medium text-gray-900 hover:text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-500 dark:text-gray-100 dark:hover:text-blue-300"
    >
      {product.name}
    </button>
  );
}

const COLUMN_COUNT = 6;
/** A row with a part number is about 57 px high; each drawn row is measured. */
const ROW_HEIGHT = 57;

/**
 * The products table from 768 px: name, stock, selling price, manufacturable count, URL, menu.
 * Only the rows in view are drawn; spacer rows stand for the others.
 */
export function ProductsTable({ products, capacityOf, onAction }: ProductListProps) {
  const { listRef, rows, paddingTop, paddingBottom, measureRow } = useWindowRows<HTMLTableSectionElement>({
    count: products.length,
    estimateRowHeight: ROW_HEIGHT,
    getRowKey: (index) => products[index]?.id ?? index,
  });
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <table aria-label="商品一覧" aria-rowcount={products.length + 1} className="w-full table-fixed text-sm">
        <colgroup>
          <col />
          <col className="w-28" />
          <col className="w-32" />
          <col className="w-28" />
          <col className="w-16" />
          <col className="w-14" />
        </colgroup>
        <thead className="bg-gray-50 text-xs font-semibold whitespace-nowrap text-gray-600 dark:bg-gray-800 dark:text-gray-300">
          <tr aria-rowindex={1}>
            <th scope="col" className="px-3 py-2.5 text-left">商品名</th>
            <th scope="col" className="px-3 py-2.5 text-right">在庫数</th>
            <th scope="col" className="px-3 py-2.5 text-right">販売価格</th>
            <th scope="col" className="px-3 py-2.5 text-right">製造可能数</th>
            <th scope="col" className="px-3 py-2.5 text-center">URL</th>
            <th scope="col" className="px-3 py-2.5">
              <span className="sr-only">操作</span>
            </th>
          </tr>
        </thead>
        <tbody ref={listRef} className="divide-y divide-gray-100 text-gray-800 dark:divide-gray-800 dark:text-gray-200">
          {paddingTop > 0 && (
            <tr aria-hidden="true">
              <td colSpan={COLUMN_COUNT} style={{ height: paddingTop, padding: 0 }} />
            </tr>
          )}
          {rows.map((row) => {
            const product = products[row.index];
            if (!product) return null;
            return (
            <tr key={row.key} ref={measureRow} data-index={row.index} aria-rowindex={row.index + 2} className="hover:bg-gray-50 dark:hover:bg-gray-800/50">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                <ProductNameButton product={product} onAction={onAction} />
                {product.part_number ? (
                  <div className="truncate text-xs text-gray-500 dark:text-gray-400" title={product.part_number}>
                    {product.part_number}
                  </div>
                ) : null}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{formatCount(product.current_stock)}個</td>
              <td className="px-3 py-2 text-right tabular-nums">{product.selling_price === null ? EMPTY : formatYen(product.selling_price)}</td>
              <td className="px-3 py-2 text-right">
                <ManufacturableCount count={capacityOf(product.id)} />
              </td>
              <td className="px-3 py-2 text-center">
                <ProductUrlLink product={product} />
              </td>
              <td className="px-2 py-2 text-right">
                <ProductActionMenu product={product} onAction={onAction} />
              </td>
            </tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={COLUMN_COUNT} style={{ height: paddingBottom, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
