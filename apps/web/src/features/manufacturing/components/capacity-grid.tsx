import { Boxes } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { formatQuantity } from '../../../lib/format.ts';
import type { CapacityCard } from '../utils/capacity-cards.ts';

/** 製造可能数: one card per product, one column on phones. */
export function CapacityGrid({ cards }: { cards: readonly CapacityCard[] }) {
  if (cards.length === 0) {
    return <EmptyState icon={<Boxes aria-hidden="true" />} message="商品はまだありません" hint="商品管理から登録できます" />;
  }
  return (
    <ul aria-label="製造可能数" className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
      {cards.map(({ product, maxManufacturable }) => (
        <li
          key={product.id}
          aria-label={product.name}
          className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900"
        >
          <div className="min-w-0">
            <p className="font-semibold break-words text-gray-900 dark:text-gray-100">{product.name}</p>
            {product.part_number ? <p className="text-xs text-gray-500 dark:text-gray-400">{product.part_number}</p> : null}
          </div>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-gray-500 dark:text-gray-400">製造可能数</dt>
              {/* Nothing can be made: grey, so the cards that can be made stand out in green. */}
              <dd
                className={`text-2xl font-bold tabular-nums ${
                  maxManufacturable === 0 ? 'text-gray-500 dark:text-gray-400' : 'text-green-700 dark:text-green-400'
                }`}
              >
                {maxManufacturable === null ? (
                  <span className="text-sm font-normal text-gray-500 dark:text-gray-400">計算中...</span>
                ) : (
                  formatQuantity(maxManufacturable)
                )}
              </dd>
            </div>
            <div>
              <dt className="text-gray-500 dark:text-gray-400">在庫</dt>
              <dd className="text-2xl font-bold text-gray-900 tabular-nums dark:text-gray-100">{formatQuantity(product.current_stock)}</dd>
            </div>
          </dl>
          {product.recipe_line_count === 0 ? (
            <p className="text-xs text-amber-700 dark:text-amber-300">レシピが未設定のため製造できません</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
