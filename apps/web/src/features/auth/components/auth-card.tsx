import type { ReactNode } from 'react';

/** The centred card shared by the sign-in and sign-up pages. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-1 flex-col items-center justify-center px-4 py-10">
      <div className="mb-6 flex items-center gap-2 text-blue-600 dark:text-blue-400">
        <img src="/favicon.svg" alt="" className="h-9 w-9" />
        <span className="text-xl font-bold">在庫・製造管理</span>
      </div>
      <div className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8 dark:border-gray-800 dark:bg-gray-900">
        <h1 className="text-center text-2xl font-bold text-gray-900 dark:text-gray-50">{title}</h1>
        {subtitle ? <p className="mt-1 text-center text-sm text-gray-500 dark:text-gray-400">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
