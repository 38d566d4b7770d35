import type { ReactNode } from 'react';

/** What a list shows when it has nothing to show: a dashed box with a line, an optional hint and icon. */
export function EmptyState({ message, hint, icon }: { message: ReactNode; hint?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center dark:border-gray-700 dark:bg-gray-900">
      {icon ? <div className="mb-3 text-gray-400 dark:text-gray-500 [&>svg]:h-10 [&>svg]:w-10">{icon}</div> : null}
      <p className="font-medium text-gray-800 dark:text-gray-200">{message}</p>
      {hint ? <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{hint}</p> : null}
    </div>
  );
}
