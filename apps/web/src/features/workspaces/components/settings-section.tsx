import { type ReactNode, useId } from 'react';

/** One panel of ワークスペース設定: a titled card. */
export function SettingsSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-gray-200 bg-white p-4 sm:p-6 dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id={headingId} className="text-lg font-semibold text-gray-900 dark:text-gray-100">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
