import clsx from 'clsx';

/** One labelled figure of a phone card (a table cell on wider screens). */
export function MobileValue({ label, value, toneClass }: { label: string; value: string; toneClass?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-gray-500 dark:text-gray-400">{label}</dt>
      <dd className={clsx('truncate tabular-nums', toneClass)} title={value}>
        {value}
      </dd>
    </div>
  );
}
