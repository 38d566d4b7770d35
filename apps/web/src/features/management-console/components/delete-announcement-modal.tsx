import type { Announcement } from '@inventory/contracts/management-console';
import { DeleteConfirmModal } from '../../../components/ui/delete-confirm-modal.tsx';
import { notify } from '../../../lib/notify.ts';
import { DELETE_ANNOUNCEMENT_MESSAGES, useDeleteAnnouncement } from '../api/delete-announcement.ts';

/** Asks before deleting an announcement, naming it; it disappears from every user's banners too. */
export function DeleteAnnouncementModal({ announcement, onClose }: { announcement: Announcement; onClose: () => void }) {
  const remove = useDeleteAnnouncement();

  const handleConfirm = () => {
    remove.mutate(announcement.id, {
      onSuccess: () => notify.success(DELETE_ANNOUNCEMENT_MESSAGES.success),
      onError: (error) => notify.error(error.message),
      onSettled: onClose,
    });
  };

  return (
    <DeleteConfirmModal
      title="告知の削除"
      question="次の告知を削除しますか？"
      consequence="この操作は取り消せません。"
      onConfirm={handleConfirm}
      pending={remove.isPending}
      onClose={onClose}
    >
      <p className="rounded-lg bg-gray-50 px-3 py-2 font-medium break-words text-gray-900 dark:bg-gray-800/60 dark:text-gray-100">
        {announcement.title}
      </p>
      {announcement.is_active ? <p>公開中のため、ユーザーの画面からも消えます。</p> : null}
    </DeleteConfirmModal>
  );
}
