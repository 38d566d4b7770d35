import type { ValuedPart, ValuedProduct } from '@inventory/contracts/valuation';
import { DEFAULT_UNIT_LABEL } from '@inventory/contracts/units';
import clsx from 'clsx';
import { formatCount, formatYen, formatYenWithSen } from '../../../lib/format.ts';

const HEAD = 'px-3 py-2 text-left text-xs font-semibold whitespace-nowrap';
const CELL = 'px-3 py-1.5 whitespace-nowrap tabular-nums';

/**
 * The rows of 部品 or 商品 with their total: on screen (muted colours for both themes) and on the
 * printed 棚卸表 (`print`: black on white, the header repeated on every page).
 */
export function ValuationTable({
  title,
  rows,
  total,
  count = rows.length,
  print = false,
}: {
  title: string;
  rows: ReadonlyArray<ValuedPart | ValuedProduct>;
  total: number;
  /** All the rows of the table, when only the first ones are drawn. */
  count?: number;
  print?: boolean;
}) {
  const head = clsx(HEAD, print ? 'border-b border-black text-black' : 'text-gray-600 dark:text-gray-300');
  return (
    <table aria-label={title} className={clsx('w-full text-sm', print ? 'text-black' : 'text-gray-900 dark:text-gray-100')}>
      <thead className={print ? '' : 'bg-gray-50 dark:bg-gray-800'}>
        <tr>
          <th scope="col" className={clsx(head, 'sm:w-1/2')}>品名・品番</th>
          <th scope="col" className={clsx(head, 'text-right sm:w-1/6')}>数量</th>
          <th scope="col" className={clsx(head, 'text-right sm:w-1/6')}>単価</th>
          <th scope="col" className={clsx(head, 'text-right sm:w-1/6')}>金額</th>
        </tr>
      </thead>
      <tbody className={print ? '' : 'divide-y divide-gray-100 dark:divide-gray-800'}>
        {rows.map((row) => (
          <tr key={row.id} className={print ? 'border-b border-gray-300 break-inside-avoid' : ''}>
            <td className="px-3 py-1.5 break-words">
              {row.name}
              {row.part_number ? <span className={clsx('block text-xs', print ? 'text-black' : 'text-gray-500 dark:text-gray-400')}>{row.part_number}</span> : null}
              {'has_recipe' in row && !row.has_recipe ? (
                <span className={clsx('ml-2 rounded px-1.5 py-0.5 text-xs', print ? 'border border-black' : 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100')}>
                  レシピなし（0円）
                </span>
              ) : null}
            </td>
            <td className={clsx(CELL, 'text-right')}>
              {formatCount(row.quantity)}
              {row.unit ?? DEFAULT_UNIT_LABEL}
            </td>
            <td className={clsx(CELL, 'text-right')}>{formatYenWithSen(row.unit_value)}</td>
            <td className={clsx(CELL, 'text-right')}>{formatYenWithSen(row.value)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className={print ? 'border-t-2 border-black' : 'border-t border-gray-300 dark:border-gray-600'}>
          <th scope="row" colSpan={3} className="px-3 py-2 text-right font-semibold">
            {title}合計（{formatCount(count)}件）
          </th>
          <td className={clsx(CELL, 'text-right font-semibold')}>{formatYen(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
