import { CloseIcon } from './icons.tsx';

export function ErrorBanner({
  message,
  title = 'エラーが発生しました',
  onRetry,
  onDismiss,
}: {
  message: string;
  title?: string;
  onRetry?: () => void;
  onDismiss?: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
    >
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold">{title}</h2>
        <p className="mt-1 text-sm break-words">{message}</p>
        {onRetry && (
          <button
            type="button"
            onClick={onRetry}
            className="mt-3 rounded-md bg-red-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 dark:bg-red-700 dark:hover:bg-red-600"
          >
            再試行
          </button>
        )}
      </div>
      {onDismiss && (
        <button
          type="button"
          aria-label="閉じる"
          onClick={onDismiss}
          className="rounded-md p-1 text-red-600 hover:bg-red-100 dark:text-red-300 dark:hover:bg-red-900/50"
        >
          <CloseIcon />
        </button>
      )}
    </div>
  );
}
