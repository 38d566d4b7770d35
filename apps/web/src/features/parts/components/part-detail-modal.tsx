import type { PartListItem, PartMovementKind } from '@inventory/contracts/parts';
import clsx from 'clsx';
import { ExternalLink, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { StockMovementsTable } from '../../../components/ui/stock-movements-table.tsx';
import { formatCount, formatYen } from '../../../lib/format.ts';
import { usePartMovements } from '../api/get-part-movements.ts';
import { usePartStockEntries } from '../api/get-part-stock-entries.ts';
import { unitLabel } from '../utils/part-display.ts';
import { StockStatusBadge } from './stock-status-badge.tsx';

export const MOVEMENT_KIND_LABELS: Record<PartMovementKind, string> = {
  initial: '初期在庫',
  receipt: '入荷',
  order_delivery: '発注納入',
  adjustment: '在庫修正',
  csv_import: 'CSVインポート',
  manufacture_consume: '製造で使用',
  stocktake: '棚卸し',
};

export const movementKindLabel = (kind: string) => MOVEMENT_KIND_LABELS[kind as PartMovementKind] ?? kind;

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={clsx(wide && 'col-span-2')}>
      <dt className="text-xs font-medium text-gray-500 dark:text-gray-400">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-gray-900 dark:text-gray-100">{children}</dd>
    </div>
  );
}

const EMPTY = <span className="text-gray-400 dark:text-gray-500">-</span>;
const TABLE_HEAD = 'px-3 py-2 text-left text-xs font-semibold whitespace-nowrap text-gray-600 dark:text-gray-300';
const TABLE_CELL = 'px-3 py-2 whitespace-nowrap';

function ReceiptHistory({ partId, unit }: { partId: number; unit: string }) {
  const entries = usePartStockEntries(partId);
  if (entries.isPending) return <LoadingSpinner size="sm" label="入荷履歴を読み込み中..." className="justify-start py-4" />;
  if (entries.isError) return <ErrorBanner message={entries.error.message} onRetry={() => void entries.refetch()} />;
  if (entries.data.length === 0) return <p className="py-2 text-sm text-gray-500 dark:text-gray-400">入荷の記録はありません</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-700">
      <table aria-label="入荷履歴" className="w-full text-sm">
        <thead className="bg-gray-50 dark:bg-gray-800">
          <tr>
            <th scope="col" className={TABLE_HEAD}>入荷日</th>
            <th scope="col" className={clsx(TABLE_HEAD, 'text-right')}>数量</th>
            <th scope="col" className={clsx(TABLE_HEAD, 'text-right')}>単価</th>
            <th scope="col" className={TABLE_HEAD}>備考</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
          {entries.data.map((entry) => (
            <tr key={entry.id}>
              <td className={clsx(TABLE_CELL, 'tabular-nums')}>{entry.entry_date}</td>
              <td className={clsx(TABLE_CELL, 'text-right tabular-nums')}>
                {formatCount(entry.quantity)}
                {unit}
              </td>
              <td className={clsx(TABLE_CELL, 'text-right tabular-nums')}>
                {entry.unit_price === null ? EMPTY : formatYen(entry.unit_price)}
              </td>
              <td className="max-w-60 truncate px-3 py-2" title={entry.notes ?? undefined}>
                {entry.order_id !== null ? (
                  <span className="mr-1 rounded bg-blue-50 px-1.5 py-0.5 text-xs text-blue-700 dark:bg-blue-900/40 dark:text-blue-300">
                    発注納入
                  </span>
                ) : null}
                {entry.notes ?? (entry.order_id === null ? EMPTY : null)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A part's fields, its stock movement history (newest first) and its receipts. */
export function PartDetailModal({
  part,
  renderTags,
  onClose,
  onEdit,
}: {
  part: PartListItem;
  /** The part's tag badges, from the tags feature through the route. */
  renderTags: (part: PartListItem) => ReactNode;
  onClose: () => void;
  onEdit: (part: PartListItem) => void;
}) {
  const unit = unitLabel(part);
  const movements = usePartMovements(part.id);
  return (
    <Modal
      open
      onClose={onClose}
      title={part.name}
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            閉じる
          </Button>
          <Button onClick={() => onEdit(part)}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            編集
          </Button>
        </>
      }
    >
      <div className="space-y-6">
        <section aria-labelledby="part-detail-fields">
          <h3 id="part-detail-fields" className="sr-only">
            部品情報
          </h3>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-4">
            <Field label="部品名" wide>
              {part.name}
            </Field>
            <Field label="品番">{part.part_number ?? EMPTY}</Field>
            <Field label="カテゴリ">{part.category ?? EMPTY}</Field>
            <Field label="現在在庫">
              <span className="tabular-nums">
                {formatCount(part.current_stock)}
                {unit}
              </span>
            </Field>
            <Field label="最小在庫アラート">
              <span className="tabular-nums">
                {formatCount(part.min_stock_alert)}
                {unit}
              </span>
            </Field>
            <Field label="単価">{part.unit_price === null ? EMPTY : formatYen(part.unit_price)}</Field>
            <Field label="ステータス">
              <StockStatusBadge part={part} />
            </Field>
            <Field label="単位">{part.unit ?? EMPTY}</Field>
            <Field label="タグ" wide>
              {renderTags(part)}
            </Field>
            <Field label="URL" wide>
              {part.url ? (
                <a
                  href={part.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 break-all text-blue-600 hover:underline dark:text-blue-400"
                >
                  {part.url}
                  <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                </a>
              ) : (
                EMPTY
              )}
            </Field>
          </dl>
        </section>
        <section aria-labelledby="part-detail-movements">
          <h3 id="part-detail-movements" className="mb-2 font-semibold text-gray-900 dark:text-gray-100">
            在庫履歴
          </h3>
          <StockMovementsTable movements={movements} kindLabel={movementKindLabel} unit={unit} />
        </section>
        <section aria-labelledby="part-detail-receipts">
          <h3 id="part-detail-receipts" className="mb-2 font-semibold text-gray-900 dark:text-gray-100">
            入荷履歴
          </h3>
          <ReceiptHistory partId={part.id} unit={unit} />
        </section>
      </div>
    </Modal>
  );
}
