import { SHOPIFY_SOURCE, type SalesImportFormat, type SalesImportResult } from '@inventory/contracts/sales-import';
import { ArrowLeft, FileUp } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/form/button.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { PageContainer, PageHeader } from '../../../components/layout/page-header.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { paths } from '../../../config/paths.ts';
import { formatCount } from '../../../lib/format.ts';
import { lazyComponent } from '../../../lib/lazy-code.tsx';
import { notify } from '../../../lib/notify.ts';
import { useImportFormats } from '../api/get-import-formats.ts';
import { useImportSales } from '../api/import-sales.ts';
import { usePreviewSalesImport } from '../api/preview-sales-import.ts';
import { ImportHistoryTable } from './import-history-table.tsx';
import { ImportCounts, RowErrorList, ShortOfStockList } from './import-result-view.tsx';
import { UnmatchedLinesTable } from './unmatched-lines-table.tsx';

// The mapping form and the delete question are needed only for a new or changed format: loaded
// when first drawn.
const ColumnMappingForm = lazyComponent(async () => (await import('./column-mapping-form.tsx')).ColumnMappingForm);
const DeleteFormatModal = lazyComponent(async () => (await import('./delete-format-modal.tsx')).DeleteFormatModal);

const NEW_FORMAT = 'new';

/** What 取り込む will do, in a sentence. */
function plannedText(result: SalesImportResult) {
  const parts = [
    result.to_import > 0 ? `${formatCount(result.to_import)}件を売上として取り込み` : null,
    result.cancellations > 0 ? `キャンセルされた${formatCount(result.cancellations)}件の売上を取り消し` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? `${parts.join('、')}ます` : '新しく取り込む注文はありません';
}

function notifyImported(result: SalesImportResult) {
  if (result.imported > 0) notify.success(`${formatCount(result.imported)}件の注文行を売上として取り込みました`);
  if (result.returned > 0) notify.info(`キャンセルされた${formatCount(result.returned)}件の売上を取り消しました`);
  if (result.imported === 0 && result.returned === 0) notify.info('新しく取り込む注文はありませんでした');
}

/**
 * 販売管理 → 注文を取り込む: a shop's order file and its source (Shopify, a saved format, or a
 * new one mapped here), the preview with the lines that match no product and those short of
 * stock, the import and its summary, and the history of imports.
 */
export function SalesImportScreen() {
  const fileInputId = useId();
  const formats = useImportFormats();
  const preview = usePreviewSalesImport();
  const importing = useImportSales();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [source, setSource] = useState<string>(SHOPIFY_SOURCE);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<SalesImportFormat | null>(null);

  const savedFormat = formats.data?.find((format) => String(format.id) === source) ?? null;
  const mapping = source === NEW_FORMAT || editing;
  const busy = preview.isPending || importing.isPending;

  const startOver = () => {
    preview.reset();
    importing.reset();
  };
  const runPreview = (chosenFile = file, chosenSource = source) => {
    if (!chosenFile) {
      setFileError('CSVファイルを選択してください');
      return;
    }
    importing.reset();
    preview.mutate({ file: chosenFile, source: chosenSource });
  };
  const runImport = () => {
    if (!file) return;
    importing.mutate(
      { file, source },
      {
        onSuccess: (result) => {
          preview.reset();
          notifyImported(result);
        },
        onError: (error) => notify.error(error.message),
      },
    );
  };
  const handleSaved = (format: SalesImportFormat) => {
    setEditing(false);
    setSource(String(format.id));
    if (file) runPreview(file, String(format.id));
  };

  const sourceOptions = [
    { value: SHOPIFY_SOURCE, label: 'Shopify（注文のエクスポート）' },
    ...(formats.data ?? []).map((format) => ({ value: String(format.id), label: format.name })),
    { value: NEW_FORMAT, label: '新しい形式を登録...' },
  ];

  return (
    <PageContainer>
      <PageHeader
        title="注文を取り込む"
        subtitle="ネットショップやイベントの注文CSVを売上として取り込みます。同じ注文は二度取り込まれません"
        actions={
          <Link
            to={paths.sales}
            className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-blue-700 hover:bg-blue-50 dark:text-blue-300 dark:hover:bg-blue-950/40"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            販売管理に戻る
          </Link>
        }
      />
      <div className="space-y-6">
        <Card id="import-file-title" title="1. ファイルと取り込み元">
          <div className="grid gap-4 md:grid-cols-2">
            <div>
              <label htmlFor={fileInputId} className="mb-1 block text-sm font-medium text-gray-700 dark:text-gray-300">
                CSVファイル
              </label>
              <input
                id={fileInputId}
                type="file"
                accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
                aria-invalid={fileError ? true : undefined}
                aria-describedby={`${fileInputId}-hint`}
                disabled={busy}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFileError(null);
                  startOver();
                }}
                className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-blue-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-blue-700 hover:file:bg-blue-100 dark:text-gray-300 dark:file:bg-blue-950 dark:file:text-blue-200 dark:hover:file:bg-blue-900"
              />
              <p id={`${fileInputId}-hint`} className={fileError ? 'mt-1 text-sm text-red-600 dark:text-red-400' : 'mt-1 text-xs text-gray-600 dark:text-gray-400'} role={fileError ? 'alert' : undefined}>
                {fileError ?? 'UTF-8・Shift_JIS、カンマ区切り・タブ区切りに対応（10MB・10,000行まで）'}
              </p>
            </div>
            <div>
              <SelectField
                label="取り込み元"
                value={source}
                options={sourceOptions}
                disabled={busy}
                onChange={(event) => {
                  setSource(event.target.value);
                  setEditing(false);
                  startOver();
                }}
              />
              {savedFormat && !editing && (
                <div className="mt-2 flex flex-wrap gap-2">
                  <Button variant="ghost" className="px-2 py-1" onClick={() => setEditing(true)}>
                    形式を編集
                  </Button>
                  <Button variant="ghost" className="px-2 py-1 text-red-700 dark:text-red-300" onClick={() => setDeleting(savedFormat)}>
                    形式を削除
                  </Button>
                </div>
              )}
            </div>
          </div>
          {formats.isError && <ErrorBanner message={formats.error.message} onRetry={() => void formats.refetch()} />}
          {mapping && (
            <ColumnMappingForm
              key={`${source}-${file?.name ?? ''}-${file?.lastModified ?? ''}`}
              file={file}
              format={editing ? savedFormat : null}
              onSaved={handleSaved}
              onCancel={() => {
                setEditing(false);
                if (source === NEW_FORMAT) setSource(SHOPIFY_SOURCE);
              }}
            />
          )}
          {!mapping && (
            <div className="flex justify-end">
              <Button onClick={() => runPreview()} disabled={busy}>
                {preview.isPending ? '読み込み中...' : 'プレビュー'}
              </Button>
            </div>
          )}
          {preview.isError && <ErrorBanner message={preview.error.message} />}
        </Card>

        {preview.isSuccess && !mapping && (
          <Card id="import-preview-title" title="2. プレビュー">
            <ImportCounts result={preview.data} mode="preview" />
            <UnmatchedLinesTable source={source} pairs={preview.data.unmatched} onSaved={() => runPreview()} />
            <ShortOfStockList items={preview.data.short_of_stock} />
            <RowErrorList errors={preview.data.errors} />
            <div className="flex flex-wrap items-center justify-end gap-3 border-t border-gray-200 pt-4 dark:border-gray-700">
              <p className="text-sm text-gray-600 dark:text-gray-400">
                {plannedText(preview.data)}
              </p>
              <Button onClick={runImport} disabled={busy || preview.data.to_import + preview.data.cancellations === 0}>
                <FileUp className="h-4 w-4" aria-hidden="true" />
                {importing.isPending ? '取り込み中...' : '取り込む'}
              </Button>
            </div>
          </Card>
        )}

        {importing.isSuccess && (
          <Card id="import-result-title" title="取り込み結果">
            <ImportCounts result={importing.data} mode="import" />
            <ShortOfStockList items={importing.data.short_of_stock} />
            <RowErrorList errors={importing.data.errors} />
            <div className="flex flex-wrap justify-end gap-2 border-t border-gray-200 pt-4 dark:border-gray-700">
              <Link
                to={paths.sales}
                className="inline-flex items-center justify-center rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700"
              >
                売上記録を見る
              </Link>
            </div>
          </Card>
        )}
        {importing.isError && <ErrorBanner message={importing.error.message} />}

        <section aria-labelledby="import-history-title">
          <h2 id="import-history-title" className="mb-3 text-lg font-semibold text-gray-900 dark:text-gray-100">
            取り込み履歴
          </h2>
          <ImportHistoryTable />
        </section>
      </div>
      {deleting && (
        <DeleteFormatModal
          format={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            setSource(SHOPIFY_SOURCE);
            startOver();
          }}
        />
      )}
    </PageContainer>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-5 dark:border-gray-800 dark:bg-gray-900">
      <h2 id={id} className="text-lg font-semibold text-gray-900 dark:text-gray-100">
        {title}
      </h2>
      {children}
    </section>
  );
}
