import { LABEL_ITEMS_MAX, scanMessages } from '@inventory/contracts/scan';
import { Printer } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
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

const LAYOUT_OPTIONS = LABEL_LAYOUTS.map((option) => ({ value: option.id, label: option.label }));

const clamp = (value: number, min: number, max: number) => (Number.isFinite(value) ? Math.min(max, Math.max(min, Math.trunc(value))) : min);

/** ラベル印刷: the chosen parts and products on the chosen label stock, copies and start position, printed from the browser. */
export function LabelPrintPage({ partIds, productIds }: { partIds: number[]; productIds: number[] }) {
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
        <SelectField label="用紙" options={LAYOUT_OPTIONS} value={layout.id} onChange={(event) => chooseLayout(event.target.value)} />
        <TextField
          label="1件あたりの枚数"
          type="number"
          inputMode="numeric"
          min={1}
          max={COPIES_MAX}
          value={copies}
          onChange={(event) => setCopies(clamp(Number(event.target.value), 1, COPIES_MAX))}
        />
        {layout.kind === 'sheet' && (
          <TextField
            label={`開始位置（1〜${perSheet}）`}
            type="number"
            inputMode="numeric"
            min={1}
            max={perSheet}
            value={start}
            onChange={(event) => setStartPosition(clamp(Number(event.target.value), 1, perSheet))}
          />
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
