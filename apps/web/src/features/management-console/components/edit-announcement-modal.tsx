import { zodResolver } from '@hookform/resolvers/zod';
import { type Announcement, announcementBody } from '@inventory/contracts/management-console';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { notify } from '../../../lib/notify.ts';
import { UPDATE_ANNOUNCEMENT_MESSAGES, useUpdateAnnouncement } from '../api/update-announcement.ts';
import { AnnouncementFields, type AnnouncementFormInput, type AnnouncementFormOutput } from './announcement-fields.tsx';

/**
 * 告知の編集 (title up to 200 characters, content up to 2000, both
 * required, one of the four types). A refusal is toasted and the dialog stays open to correct it.
 */
export function EditAnnouncementModal({ announcement, onClose }: { announcement: Announcement; onClose: () => void }) {
  const formId = useId();
  const update = useUpdateAnnouncement();
  const form = useForm<AnnouncementFormInput, unknown, AnnouncementFormOutput>({
    resolver: zodResolver(announcementBody),
    defaultValues: {
      title: announcement.title,
      content: announcement.content,
      type: announcement.type,
      is_active: announcement.is_active,
    },
  });

  const handleSave = form.handleSubmit((body) =>
    update.mutate(
      { id: announcement.id, body },
      {
        onSuccess: () => {
          notify.success(UPDATE_ANNOUNCEMENT_MESSAGES.success);
          onClose();
        },
        onError: (error) => notify.error(error.message),
      },
    ),
  );

  return (
    <FormModal
      open
      onClose={onClose}
      title="告知の編集"
      formId={formId}
      pending={update.isPending}
      submitLabel="更新"
      pendingLabel="更新中..."
    >
      <form id={formId} noValidate onSubmit={handleSave}>
        <AnnouncementFields form={form} disabled={update.isPending} />
      </form>
    </FormModal>
  );
}
