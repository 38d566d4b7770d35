import { LABEL_ITEMS_MAX, scanMessages } from '@inventory/contracts/scan';
import { Printer } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { PageContainer, PageHeader } from '../../../components/layout/page-header.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { formatCount } from '../../../lib/format.ts';
import { lazyCode, useLazyCode } from '../../../lib/lazy-code.tsx';
import { useLabelItems } from '../api/get-label-items.ts';
import { COPIES_MAX, DEFAULT_LAYOUT_ID, LABEL_LAYOUTS, labelsPerSheet, layoutById } from '../utils/label-layouts.ts';
import { LabelSheets } from './label-sheets.tsx';

const LAYOUT_STORAGE_KEY = 'label-layout';

const barcodeCode = lazyCode(async () => (await import('../utils/barcode-svg.ts')).barcodeSvg);

const selectClass =
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40 focus:outline-none sm:text-sm dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100';
const labelClass = 'mb-1 block text-sm font-medium text-gray-700 dark:text-gray-300';

const clamp = (value: number, min: number, max: number) => (Number.isFinite(value) ? Math.min(max, Math.max(min, Math.trunc(value))) : min);

/** ラベル印刷: the chosen parts and products on the chosen label stock, copies and start position, printed from the browser. */
export function LabelPrintPage({ partIds, productIds }: { partIds: number[]; productIds: number[] }) {
  const id = useId();
  const total = partIds.length + productIds.length;
  const tooMany = total > LABEL_ITEMS_MAX;
  const itemsQuery = useLabelItems(partIds, productIds, total > 0 && !tooMany);
  const barcodeSvg = useLazyCode(barcodeCode);
  const [layoutId, setLayoutId] = useState(() => localStorage.getItem(LAYOUT_STORAGE_KEY) ?? DEFAULT_LAYOUT_ID);
  const [copies, setCopies] = useState(1);
  const [startPosition, setStartPosition] = useState(1);
  const layout = layoutById(layoutId);
  const perSheet = layout.kind === 'sheet' ? labelsPerSheet(layout) : 1;
  const start = layout.kind === 'sheet' ? clamp(startPosition, 1, perSheet) : 1;
  const labelCount = total * copies;
  const pageCount = Math.ceil((labelCount + start - 1) / perSheet);

  const chooseLayout = (next: string) => {
    setLayoutId(next);
    localStorage.setItem(LAYOUT_STORAGE_KEY, next);
  };

  let content;
  if (total === 0) content = <EmptyState message={scanMessages.noLabels} hint="部品管理・商品管理の「ラベル印刷」から開きます。" />;
  else if (tooMany) content = <ErrorBanner message={scanMessages.tooManyLabels} />;
  else if (itemsQuery.isPending || !barcodeSvg) content = <LoadingSpinner label="ラベルを準備中..." className="py-16" />;
  else if (itemsQuery.isError) content = <ErrorBanner message={itemsQuery.error.message} onRetry={() => void itemsQuery.refetch()} />;
  else {
    content = (
      <div className="overflow-auto rounded-lg bg-gray-200 p-4 dark:bg-gray-800">
        <LabelSheets items={itemsQuery.data} layout={layout} copies={copies} startPosition={start} barcodeSvg={barcodeSvg} />
      </div>
    );
  }

  return (
    <PageContainer>
      <PageHeader
        title="ラベル印刷"
        subtitle={total > 0 ? `${formatCount(total)}件のラベル（QRコードをスマートフォンで読み取ると入荷・在庫数えができます）` : undefined}
        actions={
          <Button onClick={() => window.print()} disabled={!itemsQuery.isSuccess || !barcodeSvg}>
            <Printer className="h-4 w-4" aria-hidden="true" />
            印刷
          </Button>
        }
      />
      <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor={`${id}-layout`} className={labelClass}>
            用紙
          </label>
          <select id={`${id}-layout`} className={selectClass} value={layout.id} onChange={(event) => chooseLayout(event.target.value)}>
            {LABEL_LAYOUTS.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-copies`} className={labelClass}>
            1件あたりの枚数
          </label>
          <input
            id={`${id}-copies`}
            type="number"
            inputMode="numeric"
            min={1}
            max={COPIES_MAX}
            className={selectClass}
            value={copies}
            onChange={(event) => setCopies(clamp(Number(event.target.value), 1, COPIES_MAX))}
          />
        </div>
        {layout.kind === 'sheet' && (
          <div>
            <label htmlFor={`${id}-start`} className={labelClass}>
              開始位置（1〜{perSheet}）
            </label>
            <input
              id={`${id}-start`}
              type="number"
              inputMode="numeric"
              min={1}
              max={perSheet}
              className={selectClass}
              value={start}
              onChange={(event) => setStartPosition(clamp(Number(event.target.value), 1, perSheet))}
            />
          </div>
        )}
      </div>
      {total > 0 && !tooMany && (
        <p className="mb-3 text-sm text-gray-600 dark:text-gray-400" aria-live="polite">
          ラベル{formatCount(labelCount)}枚・{layout.kind === 'sheet' ? `用紙${formatCount(pageCount)}枚` : `${formatCount(pageCount)}ラベル`}。
          使いかけのシートは開始位置で空いている最初の場所を選べます（左上から右へ数えます）。印刷の設定で倍率は「100%」（実際のサイズ）、余白は「なし」を選んでください。
        </p>
      )}
      {content}
    </PageContainer>
  );
}
