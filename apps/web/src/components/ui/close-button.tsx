import { CloseIcon } from './icons.tsx';

/** The ✕ in the header of a dialog or a popover. */
export function CloseButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      aria-label="閉じる"
      onClick={onClick}
      disabled={disabled}
      className="rounded-md p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-700 disabled:cursor-not-allowed disabled:opacity-40 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-gray-200"
    >
      <CloseIcon />
    </button>
  );
}
