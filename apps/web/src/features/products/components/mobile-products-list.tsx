import type { ReactNode } from 'react';
import { SwipeableCard } from '../../../components/ui/swipeable-card.tsx';
import { formatCount, formatYen } from '../../../lib/format.ts';
import { useWindowRows } from '../../../lib/use-virtual-rows.ts';
import { ManufacturableCount } from './manufacturable-count.tsx';
import { ProductActionMenu } from './product-action-menu.tsx';
import { type ProductListProps, ProductNameButton, ProductUrlLink } from './products-table.tsx';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-gray-500 dark:text-gray-400">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium text-gray-900 tabular-nums dark:text-gray-100">{children}</dd>
    </div>
  );
}

/** A card is about 150 px high; each drawn card is measured. */
const CARD_HEIGHT = 150;

/**
 * The products as cards under 768 px: swipe left for 編集 and 削除 (as on the parts screen), ⋮ for
 * every action. Only the cards in view are drawn.
 */
export function MobileProductsList({ products, capacityOf, onAction }: ProductListProps) {
  const { listRef, rows, paddingTop, paddingBottom, itemProps } = useWindowRows<HTMLUListElement>({
    count: products.length,
    estimateRowHeight: CARD_HEIGHT,
    gap: 12,
    getRowKey: (index) => products[index]?.id ?? index,
  });
  return (
    <ul ref={listRef} aria-label="商品一覧" className="space-y-3" style={{ paddingTop, paddingBottom }}>
      {rows.map((row) => {
        const product = products[row.index];
        if (!product) return null;
        return (
        <li key={row.key} {...itemProps(row)}>
          <SwipeableCard
            actions={[
              { label: '編集', onClick: () => onAction('edit', product), className: 'bg-blue-600 text-white dark:bg-blue-700' },
              { label: '削除', onClick: () => onAction('delete', product), className: 'bg-red-600 text-white dark:bg-red-700' },
            ]}
          >
            <article aria-label={product.name} className="space-y-3 rounded-lg border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
              <div className="flex items-start gap-2">
                <div className="min-w-0 flex-1">
                  <ProductNameButton product={product} onAction={onAction} />
                  {product.part_number ? <p className="truncate text-xs text-gray-500 dark:text-gray-400">{product.part_number}</p> : null}
                </div>
                {product.url ? <ProductUrlLink product={product} /> : null}
                <div className="-my-1 -mr-2">
                  <ProductActionMenu product={product} onAction={onAction} />
                </div>
              </div>
              <dl className="grid grid-cols-3 gap-2">
                <Figure label="在庫数">{formatCount(product.current_stock)}個</Figure>
                <Figure label="販売価格">{product.selling_price === null ? '-' : formatYen(product.selling_price)}</Figure>
                <Figure label="製造可能数">
                  <ManufacturableCount count={capacityOf(product.id)} />
                </Figure>
              </dl>
            </article>
          </SwipeableCard>
        </li>
        );
      })}
    </ul>
  );
}
