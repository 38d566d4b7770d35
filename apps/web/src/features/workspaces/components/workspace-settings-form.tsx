import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAX_MEMBERS_LIMIT,
  maxMembersMessages,
  MIN_MEMBERS_LIMIT,
  updateWorkspaceSettingsBody,
  type WorkspaceSettings,
} from '@inventory/contracts/workspace';
import { type ChangeEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/form/button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { requiredNumber } from '../../../lib/form-numbers.ts';
import { notify } from '../../../lib/notify.ts';
import { UPDATE_SETTINGS_MESSAGES, useUpdateWorkspaceSettings } from '../api/update-workspace-settings.ts';
import { SettingsSection } from './settings-section.tsx';

/** Raising the limit requires contacting the developer. */
export const MAX_MEMBERS_HINT = `${MIN_MEMBERS_LIMIT}〜${MAX_MEMBERS_LIMIT}人で設定できます。${MAX_MEMBERS_LIMIT}人を超える人数が必要な場合は開発者にお問い合わせください。`;

type FormInput = z.input<typeof updateWorkspaceSettingsBody>;
type FormOutput = z.output<typeof updateWorkspaceSettingsBody>;

/** 基本設定: the workspace name (required) and the member limit (1–5). */
export function WorkspaceSettingsForm({ settings }: { settings: WorkspaceSettings }) {
  const update = useUpdateWorkspaceSettings(settings.id);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(updateWorkspaceSettingsBody),
    defaultValues: { workspace_name: settings.workspace_name, max_members: settings.max_members },
  });
  const { errors } = form.formState;
  // The message of a value out of range stays after the field was put back to the nearest limit.
  const [limitMessage, setLimitMessage] = useState<string | null>(null);

  // Above 5 the field goes back to 5, below 1 to 1, with the message.
  const handleMaxMembersChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    const count = Number(value);
    if (value === '' || Number.isNaN(count)) return setLimitMessage(null);
    if (count > MAX_MEMBERS_LIMIT) {
      form.setValue('max_members', MAX_MEMBERS_LIMIT, { shouldValidate: true });
      setLimitMessage(maxMembersMessages.tooMany);
    } else if (count < MIN_MEMBERS_LIMIT) {
      form.setValue('max_members', MIN_MEMBERS_LIMIT, { shouldValidate: true });
      setLimitMessage(maxMembersMessages.tooFew);
    } else {
      setLimitMessage(null);
    }
  };

  const handleSubmit = (body: FormOutput) =>
    update.mutate(body, {
      onSuccess: () => {
        notify.success(UPDATE_SETTINGS_MESSAGES.success);
        form.reset(body);
      },
      onError: (error) => notify.error(error.message),
    });

  return (
    <SettingsSection title="基本設定">
      <form noValidate onSubmit={form.handleSubmit(handleSubmit)} className="space-y-4">
        <TextField
          label="ワークスペース名"
          autoComplete="off"
          disabled={update.isPending}
          error={errors.workspace_name?.message}
          {...form.register('workspace_name')}
        />
        <div>
          <TextField
            label="最大メンバー数"
            type="number"
            inputMode="numeric"
            min={MIN_MEMBERS_LIMIT}
            max={MAX_MEMBERS_LIMIT}
            step={1}
            disabled={update.isPending}
            error={errors.max_members?.message}
            hint={MAX_MEMBERS_HINT}
            {...form.register('max_members', { setValueAs: requiredNumber, onChange: handleMaxMembersChange })}
          />
          {limitMessage ? (
            <p role="alert" className="mt-1 text-sm text-amber-700 dark:text-amber-300">
              {limitMessage}
            </p>
          ) : null}
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? '保存中...' : '保存'}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
