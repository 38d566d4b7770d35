import clsx from 'clsx';

const SIZE_CLASSES = {
  sm: 'h-4 w-4 border-2',
  md: 'h-8 w-8 border-[3px]',
  lg: 'h-12 w-12 border-4',
} as const;

export function LoadingSpinner({
  size = 'md',
  label,
  className,
}: {
  size?: 'sm' | 'md' | 'lg';
  label?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      className={clsx(
        'flex items-center justify-center gap-3 text-blue-600 dark:text-blue-400',
        size !== 'sm' && 'flex-col',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={clsx('animate-spin rounded-full border-current border-t-transparent', SIZE_CLASSES[size])}
      />
      {label ? (
        <span className="text-sm text-gray-600 dark:text-gray-300">{label}</span>
      ) : (
        <span className="sr-only">読み込み中</span>
      )}
    </div>
  );
}
