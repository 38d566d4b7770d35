import { History } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { formatCount, formatJapaneseDateTime } from '../../../lib/format.ts';
import { DESKTOP_TABLE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { useImportHistory } from '../api/get-import-history.ts';

const HEAD = 'px-3 py-2.5 whitespace-nowrap';
const NUMBER_CELL = 'px-3 py-2 text-right whitespace-nowrap tabular-nums';

/** 取り込み履歴: when, who, which file through which source, and what it did. */
export function ImportHistoryTable() {
  const history = useImportHistory();
  const desktop = useMediaQuery(DESKTOP_TABLE_QUERY);
  if (history.isPending) return <LoadingSpinner label="取り込み履歴を読み込み中..." className="py-8" />;
  if (history.isError) return <ErrorBanner message={history.error.message} onRetry={() => void history.refetch()} />;
  if (history.data.length === 0) return <EmptyState icon={<History aria-hidden="true" />} message="まだ取り込んだ注文ファイルはありません" />;
  if (!desktop) {
    return (
      <ul aria-label="取り込み履歴" className="space-y-3">
        {history.data.map((entry) => (
          <li key={entry.id} className="rounded-xl border border-gray-200 bg-white p-4 text-sm dark:border-gray-800 dark:bg-gray-900">
            <p className="font-medium break-words text-gray-900 dark:text-gray-100">{entry.file_name || '（ファイル名なし）'}</p>
            <p className="text-xs text-gray-600 dark:text-gray-400">
              {formatJapaneseDateTime(entry.created_at)} ・ {entry.user_name ?? '-'} ・ {entry.source_name}
            </p>
            <p className="mt-2 text-gray-800 tabular-nums dark:text-gray-200">
              取り込み {formatCount(entry.imported)}件 ・ 重複 {formatCount(entry.duplicates)}件 ・ 取り消し {formatCount(entry.returned)}件
            </p>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <table aria-label="取り込み履歴" className="min-w-full text-sm">
        <thead className="bg-gray-50 text-left text-xs font-semibold text-gray-600 dark:bg-gray-800/60 dark:text-gray-300">
          <tr>
            <th scope="col" className={HEAD}>日時</th>
            <th scope="col" className={HEAD}>実行者</th>
            <th scope="col" className={HEAD}>ファイル名</th>
            <th scope="col" className={HEAD}>取り込み元</th>
            <th scope="col" className={`${HEAD} text-right`}>取り込み</th>
            <th scope="col" className={`${HEAD} text-right`}>重複</th>
            <th scope="col" className={`${HEAD} text-right`}>取り消し</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 text-gray-800 dark:divide-gray-800 dark:text-gray-200">
          {history.data.map((entry) => (
            <tr key={entry.id}>
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatJapaneseDateTime(entry.created_at)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{entry.user_name ?? '-'}</td>
              <td className="max-w-[16rem] truncate px-3 py-2" title={entry.file_name}>
                {entry.file_name || '-'}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{entry.source_name}</td>
              <td className={NUMBER_CELL}>{formatCount(entry.imported)}件</td>
              <td className={NUMBER_CELL}>{formatCount(entry.duplicates)}件</td>
              <td className={NUMBER_CELL}>{formatCount(entry.returned)}件</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
