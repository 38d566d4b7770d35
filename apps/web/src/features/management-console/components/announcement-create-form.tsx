import { zodResolver } from '@hookform/resolvers/zod';
import { announcementBody } from '@inventory/contracts/management-console';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/form/button.tsx';
import { notify } from '../../../lib/notify.ts';
import { CREATE_ANNOUNCEMENT_MESSAGES, useCreateAnnouncement } from '../api/create-announcement.ts';
import {
  AnnouncementFields,
  type AnnouncementFormInput,
  type AnnouncementFormOutput,
  NEW_ANNOUNCEMENT,
} from './announcement-fields.tsx';

/** 告知の作成: a refusal keeps what was typed; a success empties the form for the next one. */
export function AnnouncementCreateForm() {
  const create = useCreateAnnouncement();
  const form = useForm<AnnouncementFormInput, unknown, AnnouncementFormOutput>({
    resolver: zodResolver(announcementBody),
    defaultValues: NEW_ANNOUNCEMENT,
  });

  const handleCreate = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        notify.success(CREATE_ANNOUNCEMENT_MESSAGES.success);
        form.reset(NEW_ANNOUNCEMENT);
      },
      onError: (error) => notify.error(error.message),
    }),
  );

  return (
    <section
      aria-labelledby="announcement-create-title"
      className="rounded-xl border border-gray-200 bg-white p-4 sm:p-5 dark:border-gray-800 dark:bg-gray-900"
    >
      <h3 id="announcement-create-title" className="mb-4 font-semibold text-gray-900 dark:text-gray-100">
        新しい告知
      </h3>
      <form noValidate onSubmit={handleCreate} aria-label="告知の作成">
        <AnnouncementFields form={form} disabled={create.isPending} />
        <div className="mt-5 flex justify-end">
          <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto">
            {create.isPending ? '作成中...' : '告知を作成'}
          </Button>
        </div>
      </form>
    </section>
  );
}
