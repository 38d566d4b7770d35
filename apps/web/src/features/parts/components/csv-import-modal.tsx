import { CSV_EXTRA_COLUMNS, CSV_TEMPLATE_COLUMNS, type CsvImportResult } from '@inventory/contracts/parts';
import { Download, FileUp } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { formatCount } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useImportPartsCsv } from '../api/import-parts-csv.ts';
import { downloadCsvTemplate } from '../utils/csv-template.ts';

const CSV_FILE_REQUIRED_MESSAGE = 'CSVファイルを選択してください';

export function CsvImportModal({ onClose }: { onClose: () => void }) {
  const importCsv = useImportPartsCsv();
  const handleClose = () => {
    importCsv.reset();
    onClose();
  };
  return (
    <Modal open onClose={handleClose} title="CSVインポート" size="md" closeDisabled={importCsv.isPending}>
      <CsvImport importCsv={importCsv} onClose={handleClose} />
    </Modal>
  );
}

function notifyResult(result: CsvImportResult) {
  if (result.imported > 0 && result.created + result.updated === 0) notify.info(`登録済みの内容と同じでした（変更なし ${formatCount(result.unchanged)}件）`);
  else if (result.imported > 0) notify.success(`${result.imported}件の部品をインポートしました`);
  if (result.errors.length > 0) notify.warning(`${result.errors.length}件のエラーがありました`);
  if (result.imported === 0 && result.errors.length === 0) notify.info('インポートする行がありませんでした');
}

function CsvImport({
  importCsv,
  onClose,
}: {
  importCsv: ReturnType<typeof useImportPartsCsv>;
  onClose: () => void;
}) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError(CSV_FILE_REQUIRED_MESSAGE);
      return;
    }
    importCsv.mutate(file, {
      onSuccess: notifyResult,
      // The server's reason (an unreadable file, a missing 部品名 column...) or the catalogue's text.
      onError: (error) => notify.error(error.message),
    });
  };

  if (importCsv.isSuccess) {
    return (
      <ImportResult
        result={importCsv.data}
        fileName={file?.name}
        onAgain={() => {
          importCsv.reset();
          setFile(null);
        }}
        onClose={onClose}
      />
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <div className="space-y-1 text-sm text-gray-600 dark:text-gray-400">
        <p>1行目は見出し行です。列: {CSV_TEMPLATE_COLUMNS.join('、')}（部品名は必須）。</p>
        <p>書き出したCSVの{CSV_EXTRA_COLUMNS.join('、')}の列もそのまま読み込めます。</p>
        <p>部品名が同じ部品は更新され、それ以外は新しく登録されます。文字コードは UTF-8 と Shift_JIS に対応しています。</p>
      </div>
      <button
        type="button"
        onClick={downloadCsvTemplate}
        className="inline-flex items-center gap-1 text-sm font-medium text-blue-600 hover:underline dark:text-blue-400"
      >
        <Download className="h-4 w-4" aria-hidden="true" />
        テンプレートCSVをダウンロード
      </button>
      <div>
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-700 dark:text-gray-300">
          CSVファイル
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${inputId}-error` : undefined}
          disabled={importCsv.isPending}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setFileError(null);
          }}
          className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-blue-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-blue-700 hover:file:bg-blue-100 dark:text-gray-300 dark:file:bg-blue-950 dark:file:text-blue-200 dark:hover:file:bg-blue-900"
        />
        {fileError && (
          <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
            {fileError}
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-t border-gray-200 pt-4 dark:border-gray-700">
        <Button variant="secondary" onClick={onClose} disabled={importCsv.isPending}>
          キャンセル
        </Button>
        <Button type="submit" disabled={importCsv.isPending}>
          <FileUp className="h-4 w-4" aria-hidden="true" />
          {importCsv.isPending ? 'インポート中...' : 'インポート'}
        </Button>
      </div>
    </form>
  );
}

function ImportResult({
  result,
  fileName,
  onAgain,
  onClose,
}: {
  result: CsvImportResult;
  fileName?: string;
  onAgain: () => void;
  onClose: () => void;
}) {
  // Rows equal to the stored part are counted apart from updates: re-importing an unchanged file reads 更新 0件・変更なし N件.
  const counts = [
    { label: '取り込み', value: result.imported },
    { label: '新規登録', value: result.created },
    { label: '更新', value: result.updated },
    { label: '変更なし', value: result.unchanged },
  ];
  return (
    <section aria-labelledby="csv-import-result-heading" className="space-y-4">
      <div>
        <h3 id="csv-import-result-heading" className="font-semibold text-gray-900 dark:text-gray-100">
          インポート結果
        </h3>
        {fileName && <p className="mt-0.5 truncate text-sm text-gray-500 dark:text-gray-400">{fileName}</p>}
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {counts.map(({ label, value }) => (
          <div key={label} className="rounded-md bg-gray-50 px-3 py-2 text-center dark:bg-gray-800">
            <dt className="text-xs text-gray-500 dark:text-gray-400">{label}</dt>
            <dd className="text-lg font-semibold text-gray-900 dark:text-gray-100">{formatCount(value)}件</dd>
          </div>
        ))}
      </dl>
      {result.errors.length > 0 && (
        <div>
          <h4 id="csv-import-errors-heading" className="mb-1 text-sm font-semibold text-red-700 dark:text-red-300">
            エラー ({result.errors.length}件)
          </h4>
          <ul
            aria-labelledby="csv-import-errors-heading"
            tabIndex={0}
            className="max-h-48 space-y-1 overflow-y-auto rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
          >
            {result.errors.map((message, index) => (
              <li key={index} className="break-words">
                {message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2 border-t border-gray-200 pt-4 dark:border-gray-700">
        <Button variant="secondary" onClick={onAgain}>
          別のファイルをインポート
        </Button>
        <Button onClick={onClose}>閉じる</Button>
      </div>
    </section>
  );
}
