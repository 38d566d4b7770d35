import {
  REQUIRED_COLUMN_FIELDS,
  SALES_IMPORT_COLUMN_FIELDS,
  SALES_IMPORT_COLUMN_LABELS,
  type SalesImportColumnField,
  type SalesImportFormat,
} from '@inventory/contracts/sales-import';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { notify } from '../../../lib/notify.ts';
import { CREATE_FORMAT_MESSAGES, useCreateImportFormat } from '../api/create-import-format.ts';
import { useReadImportSample } from '../api/read-import-sample.ts';
import { UPDATE_FORMAT_MESSAGES, useUpdateImportFormat } from '../api/update-import-format.ts';
import { guessColumns, USUAL_CANCELLED_VALUES } from '../utils/guess-columns.ts';

type Columns = Record<SalesImportColumnField, string>;

const REQUIRED = new Set<SalesImportColumnField>(REQUIRED_COLUMN_FIELDS);
const UNUSED = '';

const toColumns = (source: Record<SalesImportColumnField, string | null>): Columns =>
  Object.fromEntries(SALES_IMPORT_COLUMN_FIELDS.map((field) => [field, source[field] ?? UNUSED])) as Columns;

const splitValues = (text: string) =>
  text
    .split(/[、,\n]/)
    .map((value) => value.trim())
    .filter((value) => value !== '');

/**
 * The column mapping of a new shop's format (or of a saved one, to edit): the file's header row
 * is read by the server, each field gets a column (guessed from the header names for a new
 * format), the first rows show how they will read, and the format is saved under a name.
 */
export function ColumnMappingForm({ file, format, onSaved, onCancel }: { file: File | null; format: SalesImportFormat | null; onSaved: (format: SalesImportFormat) => void; onCancel: () => void }) {
  const sample = useReadImportSample();
  const createFormat = useCreateImportFormat();
  const updateFormat = useUpdateImportFormat();
  const [name, setName] = useState(format?.name ?? '');
  const [columns, setColumns] = useState<Columns>(() => toColumns(format?.columns ?? guessColumns([])));
  const [cancelledValues, setCancelledValues] = useState(format?.cancelled_values.join('、') ?? '');
  const [error, setError] = useState<string | null>(null);
  const readSample = sample.mutate;

  useEffect(() => {
    if (!file) return;
    readSample(file, {
      onSuccess: ({ headers }) => {
        if (format) return;
        const guessed = guessColumns(headers);
        setColumns(toColumns(guessed));
        if (guessed.status !== null) setCancelledValues(USUAL_CANCELLED_VALUES.join('、'));
      },
    });
  }, [file, format, readSample]);

  const headers = sample.data?.headers ?? [];
  const saving = createFormat.isPending || updateFormat.isPending;
  const options = (field: SalesImportColumnField) => {
    const names = [...new Set([...headers, ...(columns[field] ? [columns[field]] : [])])];
    return [{ value: UNUSED, label: REQUIRED.has(field) ? '列を選択してください' : '（使わない）' }, ...names.map((header) => ({ value: header, label: header }))];
  };
  const mapped = SALES_IMPORT_COLUMN_FIELDS.filter((field) => columns[field] !== UNUSED);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const body = {
      name,
      columns: Object.fromEntries(SALES_IMPORT_COLUMN_FIELDS.map((field) => [field, columns[field] === UNUSED ? null : columns[field]])) as Record<SalesImportColumnField, string | null>,
      cancelled_values: columns.status === UNUSED ? [] : splitValues(cancelledValues),
    };
    const handlers = {
      onSuccess: (saved: SalesImportFormat) => {
        notify.success((format ? UPDATE_FORMAT_MESSAGES : CREATE_FORMAT_MESSAGES).success(saved.name));
        onSaved(saved);
      },
      // The server's reason (a column not chosen, a name already used) under the form.
      onError: (failure: Error) => setError(failure.message),
    };
    if (format) updateFormat.mutate({ id: format.id, body }, handlers);
    else createFormat.mutate(body, handlers);
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="column-mapping-title" className="space-y-4 rounded-lg border border-blue-200 bg-blue-50/50 p-4 dark:border-blue-900 dark:bg-blue-950/20">
      <div>
        <h3 id="column-mapping-title" className="font-semibold text-gray-900 dark:text-gray-100">
          {format ? `取り込み形式「${format.name}」の編集` : '新しい取り込み形式'}
        </h3>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          ショップの注文CSVのどの列が何かを選びます。見出しの名前から推測した列を確かめて、形式に名前を付けて保存してください。
        </p>
      </div>
      {!file ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">見出し行を読み取るため、先にCSVファイルを選択してください。</p>
      ) : sample.isPending ? (
        <LoadingSpinner label="見出し行を読み取り中..." className="py-4" />
      ) : sample.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {sample.error.message}
        </p>
      ) : null}
      <TextField label="形式名" value={name} onChange={(event) => setName(event.target.value)} placeholder="例: BASE、minne、イベント用レジ" maxLength={50} required />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {SALES_IMPORT_COLUMN_FIELDS.map((field) => (
          <SelectField
            key={field}
            label={`${SALES_IMPORT_COLUMN_LABELS[field]}${REQUIRED.has(field) ? '（必須）' : ''}`}
            value={columns[field]}
            options={options(field)}
            onChange={(event) => setColumns((current) => ({ ...current, [field]: event.target.value }))}
          />
        ))}
      </div>
      <p className="text-xs text-gray-600 dark:text-gray-400">SKU・商品コードと商品名は、少なくともどちらか一方を選んでください。</p>
      {columns.status !== UNUSED && (
        <TextField
          label="キャンセルを表すステータスの値"
          hint="「、」で区切って複数書けます。この値の注文は取り込まず、取り込み済みなら売上を取り消します"
          value={cancelledValues}
          onChange={(event) => setCancelledValues(event.target.value)}
        />
      )}
      {sample.data && sample.data.rows.length > 0 && mapped.length > 0 && (
        <div>
          <h4 id="mapping-sample-title" className="mb-1 text-sm font-semibold text-gray-800 dark:text-gray-200">
            読み取りの確認（先頭{sample.data.rows.length}行）
          </h4>
          <div role="region" className="overflow-x-auto rounded-md border border-gray-200 bg-white dark:border-gray-700 dark:bg-gray-900" tabIndex={0} aria-labelledby="mapping-sample-title">
            <table aria-labelledby="mapping-sample-title" className="min-w-full text-sm">
              <thead className="bg-gray-50 text-left text-xs font-semibold text-gray-600 dark:bg-gray-800/60 dark:text-gray-300">
                <tr>
                  {mapped.map((field) => (
                    <th key={field} scope="col" className="px-3 py-2 whitespace-nowrap">
                      {SALES_IMPORT_COLUMN_LABELS[field]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 text-gray-800 dark:divide-gray-800 dark:text-gray-200">
                {sample.data.rows.map((row, rowIndex) => (
                  <tr key={rowIndex}>
                    {mapped.map((field) => {
                      const index = headers.indexOf(columns[field]);
                      return (
                        <td key={field} className="max-w-[14rem] truncate px-3 py-1.5 whitespace-nowrap">
                          {index === -1 ? '-' : row[index] || '-'}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          キャンセル
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? '保存中...' : '形式を保存'}
        </Button>
      </div>
    </form>
  );
}
