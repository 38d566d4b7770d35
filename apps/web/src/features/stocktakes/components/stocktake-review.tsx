import { STOCK_REASON_LABELS, STOCK_REASONS, type StockReason } from '@inventory/contracts/stock-reasons';
import type { Stocktake } from '@inventory/contracts/stocktakes';
import { DEFAULT_UNIT_LABEL } from '@inventory/contracts/units';
import clsx from 'clsx';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatCount, formatSignedCount, formatSignedYenWithSen } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { CANCEL_STOCKTAKE_MESSAGES, useCancelStocktake } from '../api/cancel-stocktake.ts';
import { COMMIT_STOCKTAKE_MESSAGES, useCommitStocktake } from '../api/commit-stocktake.ts';
import { varianceLines, varianceTotals, varianceValue } from '../utils/stocktake-lines.ts';

const REASON_OPTIONS = STOCK_REASONS.map((value) => ({ value, label: STOCK_REASON_LABELS[value] }));
const signClass = (value: number) => clsx(value > 0 && 'text-green-700 dark:text-green-400', value < 0 && 'text-red-700 dark:text-red-400');
const HEAD = 'px-3 py-2 text-left text-xs font-semibold whitespace-nowrap text-gray-600 dark:text-gray-300';
const CELL = 'px-3 py-2 whitespace-nowrap tabular-nums';

/** 差異の確認: every counted line that differs, the largest amount first, then 確定 with a reason, or 中止. */
export function StocktakeReview({ stocktake }: { stocktake: Stocktake }) {
  const differing = useMemo(() => varianceLines(stocktake.lines), [stocktake.lines]);
  const totals = useMemo(() => varianceTotals(stocktake.lines), [stocktake.lines]);
  const commit = useCommitStocktake();
  const cancel = useCancelStocktake();
  const [reason, setReason] = useState<StockReason>('variance');
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState<'commit' | 'cancel' | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; details: string[] } | null>(null);
  const counting = stocktake.status === 'counting';
  const noteMissing = reason === 'other' && note.trim() === '';

  const handleCommit = () =>
    commit.mutate(
      { id: stocktake.id, reason, reason_note: note.trim() === '' ? null : note.trim() },
      {
        onSuccess: () => {
          setConfirming(null);
          setRefusal(null);
          notify.success(COMMIT_STOCKTAKE_MESSAGES.success(stocktake.name));
        },
        onError: (error) => {
          setConfirming(null);
          setRefusal({ message: error.message, details: error instanceof ApiError ? (error.details ?? []).map((detail) => detail.message) : [] });
        },
      },
    );
  const handleCancel = () =>
    cancel.mutate(stocktake.id, {
      onSuccess: () => {
        setConfirming(null);
        notify.success(CANCEL_STOCKTAKE_MESSAGES.success);
      },
      onError: (error) => {
        setConfirming(null);
        notify.error(error.message);
      },
    });

  return (
    <section aria-labelledby="review-heading" className="space-y-4">
      <h2 id="review-heading" className="text-lg font-semibold text-gray-900 dark:text-gray-50">
        差異の確認
      </h2>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {[
          ['数えた品目', `${formatCount(stocktake.counted_count)}件`],
          ['差異あり', `${formatCount(totals.differing)}件`],
          ['差異金額', formatSignedYenWithSen(totals.value)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-gray-200 bg-white p-3 dark:border-gray-700 dark:bg-gray-900">
            <dt className="text-xs text-gray-500 dark:text-gray-400">{label}</dt>
            <dd className="mt-1 font-semibold break-all text-gray-900 tabular-nums dark:text-gray-50">{value}</dd>
          </div>
        ))}
      </dl>

      {differing.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 p-4 text-sm text-gray-600 dark:border-gray-700 dark:text-gray-300">
          {stocktake.counted_count === 0 ? 'まだ何も数えていません' : '数えた品目に差異はありません'}
        </p>
      ) : (
        <>
          {/* A phone gets one card per line; wider screens the table. */}
          <ul aria-label="差異のある品目（金額の大きい順）" className="space-y-2 sm:hidden">
            {differing.map((line) => (
              <li key={`${line.item_kind}:${line.item_id}`} className="rounded-xl border border-gray-200 bg-white p-3 dark:border-gray-700 dark:bg-gray-900">
                <div className="flex items-start justify-between gap-3">
                  <p className="min-w-0 font-medium break-words text-gray-900 dark:text-gray-50">
                    {line.name}
                    {line.part_number ? <span className="block text-xs font-normal text-gray-500 dark:text-gray-400">{line.part_number}</span> : null}
                  </p>
                  <p className={clsx('shrink-0 text-right font-semibold tabular-nums', signClass(varianceValue(line)))}>{formatSignedYenWithSen(varianceValue(line))}</p>
                </div>
                <p className="mt-1 text-sm text-gray-700 tabular-nums dark:text-gray-300">
                  予定 {formatCount(line.expected)} → 実数 {formatCount(line.counted!)}
                  {line.unit ?? DEFAULT_UNIT_LABEL}
                  <span className={clsx('ml-2 font-semibold', signClass(line.variance!))}>差異 {formatSignedCount(line.variance!)}</span>
                </p>
                {line.counted_by ? <p className="mt-0.5 text-xs text-gray-500 dark:text-gray-400">数えた人: {line.counted_by}</p> : null}
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-xl border border-gray-200 sm:block dark:border-gray-700">
            <table aria-label="差異のある品目（金額の大きい順）" className="w-full text-sm">
              <thead className="bg-gray-50 dark:bg-gray-800">
                <tr>
                  <th scope="col" className={HEAD}>品名</th>
                  <th scope="col" className={clsx(HEAD, 'text-right')}>予定</th>
                  <th scope="col" className={clsx(HEAD, 'text-right')}>実数</th>
                  <th scope="col" className={clsx(HEAD, 'text-right')}>差異</th>
                  <th scope="col" className={clsx(HEAD, 'text-right')}>差異金額</th>
                  <th scope="col" className={HEAD}>数えた人</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 bg-white dark:divide-gray-800 dark:bg-gray-900">
                {differing.map((line) => (
                  <tr key={`${line.item_kind}:${line.item_id}`}>
                    <th scope="row" className="max-w-48 px-3 py-2 text-left font-medium break-words text-gray-900 dark:text-gray-50">
                      {line.name}
                      {line.part_number ? <span className="block text-xs font-normal text-gray-500 dark:text-gray-400">{line.part_number}</span> : null}
                    </th>
                    <td className={clsx(CELL, 'text-right')}>{formatCount(line.expected)}</td>
                    <td className={clsx(CELL, 'text-right')}>
                      {formatCount(line.counted!)}
                      {line.unit ?? DEFAULT_UNIT_LABEL}
                    </td>
                    <td className={clsx(CELL, 'text-right font-semibold', signClass(line.variance!))}>{formatSignedCount(line.variance!)}</td>
                    <td className={clsx(CELL, 'text-right', signClass(varianceValue(line)))}>{formatSignedYenWithSen(varianceValue(line))}</td>
                    <td className="px-3 py-2 whitespace-nowrap text-gray-700 dark:text-gray-300">{line.counted_by ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      {counting ? (
        <div className="space-y-3 rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-700 dark:bg-gray-900">
          <p className="text-sm text-gray-700 dark:text-gray-300">
            確定すると、数えた品目の在庫を「数えた数 ＋ 棚卸し開始後の入出庫」にします。未カウントの{formatCount(stocktake.remaining_count)}件は変わりません。
          </p>
          <SelectField label="理由" value={reason} options={REASON_OPTIONS} onChange={(event) => setReason(event.target.value as StockReason)} />
          <TextField
            label={reason === 'other' ? '理由の詳細（必須）' : '理由の詳細（任意）'}
            value={note}
            maxLength={200}
            onChange={(event) => setNote(event.target.value)}
            error={noteMissing && refusal !== null ? 'その他の場合は理由の詳細を入力してください' : undefined}
          />
          {refusal ? (
            <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200">
              <p className="font-semibold">{refusal.message}</p>
              {refusal.details.length > 0 ? (
                <ul className="mt-1 list-disc space-y-0.5 pl-5">
                  {refusal.details.map((detail) => (
                    <li key={detail}>{detail}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            <Button variant="ghost" className="text-red-700 dark:text-red-300" onClick={() => setConfirming('cancel')}>
              この棚卸しを中止
            </Button>
            <Button className="h-12 sm:h-auto" disabled={stocktake.counted_count === 0 || noteMissing} onClick={() => setConfirming('commit')}>
              確定する
            </Button>
          </div>
        </div>
      ) : null}

      {confirming === 'commit' ? (
        <ConfirmModal
          open
          onClose={() => setConfirming(null)}
          title="棚卸しを確定しますか？"
          onConfirm={handleCommit}
          pending={commit.isPending}
          confirmLabel="確定"
          pendingLabel="確定中..."
        >
          <p>
            数えた{formatCount(stocktake.counted_count)}件の在庫を更新し、差異のある{formatCount(totals.differing)}件を在庫履歴に「棚卸し」（{STOCK_REASON_LABELS[reason]}）として記録します。確定後は取り消せません。
          </p>
        </ConfirmModal>
      ) : null}
      {confirming === 'cancel' ? (
        <ConfirmModal
          open
          onClose={() => setConfirming(null)}
          title="棚卸しを中止しますか？"
          onConfirm={handleCancel}
          pending={cancel.isPending}
          confirmLabel="中止する"
          pendingLabel="中止中..."
          variant="danger"
        >
          <p>在庫は変わりません。数えた数は記録として残ります。</p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}
