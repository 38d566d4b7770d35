import { Fragment, type ReactNode } from 'react';
import { ConfirmModal } from './confirm-modal.tsx';
import { ErrorBanner } from './error-banner.tsx';

export interface DeleteFact {
  label: string;
  value: ReactNode;
}

/**
 * The question before a delete, the same for every kind of record: the question, what the
 * delete means, then what is deleted (facts, or a `children` block) and notes; 削除 in red and
 * キャンセル. A refusal from the server can be shown in the dialog (`error`), which then stays open.
 */
export function DeleteConfirmModal({
  title,
  question,
  consequence,
  facts,
  children,
  onConfirm,
  pending,
  error,
  onClose,
}: {
  /** The dialog's title, e.g. 発注の削除. */
  title: string;
  /** e.g. 次の発注を削除しますか？ */
  question: ReactNode;
  /** What cannot be undone or what goes with the record, e.g. この操作は取り消せません。 */
  consequence: string;
  /** The record's label and value pairs, the first one naming it. */
  facts?: DeleteFact[];
  /** Shown after the facts (a record's title, a note on what follows the delete). */
  children?: ReactNode;
  onConfirm: () => void;
  pending: boolean;
  error?: Error | null;
  onClose: () => void;
}) {
  return (
    <ConfirmModal
      open
      onClose={onClose}
      title={title}
      onConfirm={onConfirm}
      pending={pending}
      confirmLabel="削除"
      pendingLabel="削除中..."
      variant="danger"
      error={error ? <ErrorBanner title="削除できませんでした" message={error.message} /> : null}
    >
      <p className="text-gray-700 dark:text-gray-200">{question}</p>
      <p className="text-gray-500 dark:text-gray-400">{consequence}</p>
      {facts && facts.length > 0 ? (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-lg bg-gray-50 px-3 py-2 dark:bg-gray-800/60">
          {facts.map((fact, index) => (
            <Fragment key={fact.label}>
              <dt className="text-gray-500 dark:text-gray-400">{fact.label}</dt>
              <dd className={index === 0 ? 'font-medium break-words text-gray-900 dark:text-gray-100' : undefined}>{fact.value}</dd>
            </Fragment>
          ))}
        </dl>
      ) : null}
      {children}
    </ConfirmModal>
  );
}
