import { DEFAULT_UNIT_LABEL } from '@inventory/contracts/units';
import type { RequirementsResult } from '@inventory/contracts/manufacturing';
import clsx from 'clsx';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { formatCount, formatQuantity } from '../../../lib/format.ts';
import { ShortageOrderForm } from './shortage-order-form.tsx';

const COLUMNS = ['必要数', '在庫', '不足', '発注済み', '要発注'] as const;
// On phones a cell writes its column name before the value (data-label), as the header is hidden.
const cell =
  'flex justify-between gap-2 text-right whitespace-nowrap tabular-nums before:font-normal before:text-gray-500 before:content-[attr(data-label)] md:table-cell md:px-3 md:py-2 md:before:content-none dark:before:text-gray-400';

/**
 * Parts needed, stock, shortage and, beyond it, what is already on
 * order and what is still to order; with the shortage-order form (its expected delivery date
 * starts at `deliveryDate`), disabled with its reason when nothing is left to order.
 */
export function RequirementsTable({
  result,
  caption,
  deliveryDate,
  onOrderShortages,
  ordering,
}: {
  result: RequirementsResult;
  caption: string;
  deliveryDate: string;
  onOrderShortages: (expectedDeliveryDate: string) => void;
  ordering: boolean;
}) {
  if (result.requirements.length === 0) {
    return <p className="text-sm text-gray-500 dark:text-gray-400">必要な部品はありません</p>;
  }
  const shortages = result.requirements.filter((requirement) => requirement.shortage > 0).length;

  return (
    <div className="space-y-3">
      <p
        className={clsx(
          'flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium',
          result.has_shortages ? 'text-red-700 dark:text-red-300' : 'text-green-700 dark:text-green-300',
        )}
      >
        {result.has_shortages ? (
          <CircleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
        ) : (
          <CircleCheck className="h-4 w-4 shrink-0" aria-hidden="true" />
        )}
        {result.has_shortages ? `在庫が不足している部品があります（${shortages}件）` : 'すべての部品の在庫が足りています'}
        <span className="font-normal text-gray-500 dark:text-gray-400">必要な部品: {formatCount(result.total_parts)}種類</span>
      </p>
      {/* Under 768 px each part is a small block of labelled values instead of six narrow columns. */}
      <div className="rounded-lg border border-gray-200 md:overflow-x-auto dark:border-gray-700">
        <table className="block w-full text-sm md:table md:min-w-full md:divide-y md:divide-gray-200 dark:md:divide-gray-700">
          <caption className="sr-only">{caption}</caption>
          <thead className="hidden bg-gray-50 text-xs font-semibold text-gray-600 md:table-header-group dark:bg-gray-800/60 dark:text-gray-300">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">部品名</th>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-3 py-2 text-right">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="block divide-y divide-gray-100 text-gray-800 md:table-row-group dark:divide-gray-800 dark:text-gray-200">
            {result.requirements.map((requirement) => {
              const unit = requirement.unit || DEFAULT_UNIT_LABEL;
              return (
                <tr
                  key={requirement.part_id}
                  className={clsx(
                    'grid grid-cols-2 gap-x-4 gap-y-1 px-3 py-2 md:table-row md:p-0',
                    requirement.shortage > 0 && 'bg-red-50/60 dark:bg-red-950/20',
                  )}
                >
                  <th scope="row" className="col-span-2 text-left font-medium break-words md:max-w-48 md:truncate md:px-3 md:py-2" title={requirement.part_name}>
                    {requirement.part_name}
                  </th>
                  <td data-label="必要数" className={cell}>{formatQuantity(requirement.required_quantity, unit)}</td>
                  <td data-label="在庫" className={cell}>{formatQuantity(requirement.current_stock, unit)}</td>
                  <td data-label="不足" className={clsx(cell, requirement.shortage > 0 && 'font-semibold text-red-700 dark:text-red-300')}>
                    {formatQuantity(requirement.shortage, unit)}
                  </td>
                  <td data-label="発注済み" className={cell}>{formatQuantity(requirement.on_order, unit)}</td>
                  <td data-label="要発注" className={clsx(cell, requirement.to_order > 0 && 'font-semibold text-orange-700 dark:text-orange-300')}>
                    {formatQuantity(requirement.to_order, unit)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ShortageOrderForm key={deliveryDate} result={result} initialDeliveryDate={deliveryDate} onOrder={onOrderShortages} ordering={ordering} />
    </div>
  );
}
