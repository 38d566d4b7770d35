import clsx from 'clsx';
import { type ReactNode, useId } from 'react';

/** A titled white panel of the dashboard, named by its heading for assistive technology. */
export function DashboardSection({
  title,
  action,
  className,
  children,
}: {
  title: string;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={clsx('rounded-xl border border-gray-200 bg-white p-4 sm:p-5 dark:border-gray-800 dark:bg-gray-900', className)}
    >
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-gray-900 dark:text-gray-50">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
