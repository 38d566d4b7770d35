import {
  ANNOUNCEMENT_CONTENT_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  type announcementBody,
} from '@inventory/contracts/management-console';
import { useId } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { ANNOUNCEMENT_TYPE_OPTIONS } from '../utils/announcement-types.ts';

export type AnnouncementFormInput = z.input<typeof announcementBody>;
export type AnnouncementFormOutput = z.output<typeof announcementBody>;
export type AnnouncementForm = UseFormReturn<AnnouncementFormInput, unknown, AnnouncementFormOutput>;

export const NEW_ANNOUNCEMENT: AnnouncementFormInput = { title: '', content: '', type: 'info', is_active: true };

/** Characters as the server counts them: after trimming. */
const counter = (value: string | undefined, max: number) => `${(value ?? '').trim().length} / ${max}`;

/** タイトル, 内容, 種類 and 公開 of the create form and the edit dialog, checked with the shared announcementBody. */
export function AnnouncementFields({ form, disabled }: { form: AnnouncementForm; disabled: boolean }) {
  const activeId = useId();
  const { errors } = form.formState;
  const [title, content] = useWatch({ control: form.control, name: ['title', 'content'] });

  return (
    <div className="space-y-4">
      <TextField
        label="タイトル"
        required
        disabled={disabled}
        error={errors.title?.message}
        hint={counter(title, ANNOUNCEMENT_TITLE_MAX)}
        {...form.register('title')}
      />
      <TextAreaField
        label="内容"
        rows={4}
        required
        disabled={disabled}
        error={errors.content?.message}
        hint={counter(content, ANNOUNCEMENT_CONTENT_MAX)}
        {...form.register('content')}
      />
      <SelectField
        label="種類"
        options={ANNOUNCEMENT_TYPE_OPTIONS}
        disabled={disabled}
        error={errors.type?.message}
        {...form.register('type')}
      />
      <div className="flex items-start gap-2">
        <input
          id={activeId}
          type="checkbox"
          disabled={disabled}
          aria-describedby={`${activeId}-hint`}
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-gray-300 text-blue-600 focus:ring-blue-500 dark:border-gray-600 dark:bg-gray-900"
          {...form.register('is_active')}
        />
        <div>
          <label htmlFor={activeId} className="text-sm font-medium text-gray-700 dark:text-gray-300">
            公開する
          </label>
          <p id={`${activeId}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
            公開中の告知は、すべてのユーザーの画面上部に表示されます
          </p>
        </div>
      </div>
    </div>
  );
}
