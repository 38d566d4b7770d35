import type { Product } from '@inventory/contracts/products';
import clsx from 'clsx';
import { Package } from 'lucide-react';
import { type RefObject, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/form/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { formatCount } from '../../../lib/format.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { itemsOfRow, useElementRows, useWindowRows, type VirtualRows } from '../../../lib/use-virtual-rows.ts';
import { canManufacture, canSell, type ProductCard } from '../utils/product-cards.ts';
import { DashboardSection } from './dashboard-section.tsx';

/** Under 768 px the first cards show and a button opens the rest, so the page reaches the calendar. */
export const MOBILE_CARDS_SHOWN = 4;

/** In stock (green) above 0, else out of stock (red), in the words of the parts badge. */
export function StockBadge({ stock }: { stock: number }) {
  const inStock = stock > 0;
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        inStock
          ? 'bg-green-100 text-green-800 ring-green-600/20 dark:bg-green-900/40 dark:text-green-300 dark:ring-green-400/30'
          : 'bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-900/40 dark:text-red-300 dark:ring-red-400/30',
      )}
    >
      {inStock ? '在庫あり' : '在庫なし'}
    </span>
  );
}

interface CardHandlers {
  onManufacture: (product: Product) => void;
  onSell: (product: Product) => void;
}

function ProductCardView({
  card,
  position,
  total,
  measure,
  row,
  onManufacture,
  onSell,
}: CardHandlers & {
  card: ProductCard;
  position: number;
  total: number;
  /** Set on the first card of a row: its height is the row's. */
  measure?: (element: Element | null) => void;
  row: number;
}) {
  const { product, capacity } = card;
  return (
    <li ref={measure} data-index={measure ? row : undefined} aria-posinset={position} aria-setsize={total}>
      <article
        aria-label={product.name}
        className="flex h-full flex-col gap-3 rounded-lg border border-gray-200 p-3 dark:border-gray-700"
      >
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 font-medium break-all text-gray-900 dark:text-gray-100">{product.name}</h3>
          <StockBadge stock={product.current_stock} />
        </div>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-xs text-gray-500 dark:text-gray-400">在庫数</dt>
            <dd className="font-semibold tabular-nums">{formatCount(product.current_stock)}個</dd>
          </div>
          <div>
            <dt className="text-xs text-gray-500 dark:text-gray-400">製造可能数</dt>
            <dd className={clsx('font-semibold tabular-nums', capacity === 0 && 'text-gray-500 dark:text-gray-400')}>
              {formatCount(capacity)}個
            </dd>
          </div>
        </dl>
        <div className="mt-auto grid grid-cols-2 gap-2">
          <Button
            className="px-3 py-1.5"
            disabled={!canManufacture(card)}
            title={canManufacture(card) ? undefined : '製造可能数が0のため製造できません'}
            onClick={() => onManufacture(product)}
          >
            製造
          </Button>
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            disabled={!canSell(card)}
            title={canSell(card) ? undefined : '在庫がないため販売できません'}
            onClick={() => onSell(product)}
          >
            販売
          </Button>
        </div>
      </article>
    </li>
  );
}

/** A card (with its gap) is about 150 px high; each drawn row is measured. */
const CARD_ROW_HEIGHT = 150;
const CARD_GAP = 12;
const GRID_CLASSES = 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** The columns of the grid at the current width (its sm, lg and xl steps). */
function useGridColumns() {
  const sm = useMediaQuery('(min-width: 640px)');
  const lg = useMediaQuery('(min-width: 1024px)');
  const xl = useMediaQuery('(min-width: 1280px)');
  return xl ? 4 : lg ? 3 : sm ? 2 : 1;
}

function CardRows({ cards, columns, rows, onManufacture, onSell }: CardHandlers & { cards: ProductCard[]; columns: number; rows: VirtualRows }) {
  return rows.rows.flatMap((row) =>
    itemsOfRow(cards, row.index, columns).map((card, column) => (
      <ProductCardView
        key={card.product.id}
        card={card}
        position={row.index * columns + column + 1}
        total={cards.length}
        row={row.index}
        measure={column === 0 ? rows.measureRow : undefined}
        onManufacture={onManufacture}
        onSell={onSell}
      />
    )),
  );
}

/** From 768 px: the grid scrolls inside its panel, only the rows in view drawn. */
function ScrollingCardGrid({ cards, ...handlers }: CardHandlers & { cards: ProductCard[] }) {
  const columns = useGridColumns();
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = useElementRows({
    count: Math.ceil(cards.length / columns),
    estimateRowHeight: CARD_ROW_HEIGHT,
    gap: CARD_GAP,
    getRowKey: (index) => cards[index * columns]?.product.id ?? index,
    scrollRef: scrollRef as RefObject<HTMLElement | null>,
  });
  // The padding that stands for the rows not drawn sits on the list inside the scroll box: on the
  // box itself it would make the box as tall as every row, and every row would be drawn.
  return (
    <div ref={scrollRef} className="max-h-[30rem] overflow-y-auto">
      <ul aria-label="商品一覧" className={GRID_CLASSES} style={{ paddingTop: rows.paddingTop, paddingBottom: rows.paddingBottom }}>
        <CardRows cards={cards} columns={columns} rows={rows} {...handlers} />
      </ul>
    </div>
  );
}

/** Under 768 px the grid is part of the page; with every product shown only the rows in view are drawn. */
function PageCardGrid({ cards, ...handlers }: CardHandlers & { cards: ProductCard[] }) {
  const columns = useGridColumns();
  const { listRef, ...rows } = useWindowRows<HTMLUListElement>({
    count: Math.ceil(cards.length / columns),
    estimateRowHeight: CARD_ROW_HEIGHT,
    gap: CARD_GAP,
    getRowKey: (index) => cards[index * columns]?.product.id ?? index,
  });
  return (
    <ul ref={listRef} aria-label="商品一覧" className={GRID_CLASSES} style={{ paddingTop: rows.paddingTop, paddingBottom: rows.paddingBottom }}>
      <CardRows cards={cards} columns={columns} rows={rows} {...handlers} />
    </ul>
  );
}

/**
 * One card per product (sorted by name) with its stock badge, manufacturable count and the
 * manufacture and sell buttons. On wide screens the grid scrolls inside its panel, so hundreds of
 * products do not push the plans and the calendar out of sight.
 */
export function ProductCards({
  cards,
  isDesktop,
  onManufacture,
  onSell,
}: {
  cards: ProductCard[];
  isDesktop: boolean;
  onManufacture: (product: Product) => void;
  onSell: (product: Product) => void;
}) {
  const [showAll, setShowAll] = useState(false);
  const shown = isDesktop || showAll ? cards : cards.slice(0, MOBILE_CARDS_SHOWN);

  return (
    <DashboardSection title="商品" action={<span className="text-sm text-gray-500 dark:text-gray-400">全{formatCount(cards.length)}件</span>}>
      {cards.length === 0 ? (
        <EmptyState
          icon={<Package aria-hidden="true" />}
          message="商品が登録されていません"
          hint={
            <Link to={paths.products} className="text-blue-600 hover:underline dark:text-blue-400">
              商品管理で登録する
            </Link>
          }
        />
      ) : (
        <>
          {isDesktop ? (
            <ScrollingCardGrid cards={shown} onManufacture={onManufacture} onSell={onSell} />
          ) : (
            <PageCardGrid cards={shown} onManufacture={onManufacture} onSell={onSell} />
          )}
          {!isDesktop && cards.length > MOBILE_CARDS_SHOWN && (
            <Button variant="ghost" className="mt-2 w-full" aria-expanded={showAll} onClick={() => setShowAll((value) => !value)}>
              {showAll ? '表示を減らす' : `すべての商品を表示（全${formatCount(cards.length)}件）`}
            </Button>
          )}
        </>
      )}
    </DashboardSection>
  );
}
