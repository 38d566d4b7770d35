import { zodResolver } from '@hookform/resolvers/zod';
import { type Plan, PLAN_STATUS_LABELS, type UpdatePlanBody, updatePlanBody } from '@inventory/contracts/manufacturing';
import { useId } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { formatQuantity } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { UPDATE_PLAN_MESSAGES, useUpdatePlan } from '../api/update-plan.ts';
import { planDateFieldMessages, planFormErrorMessages } from '../utils/plan-form.ts';
import { planProgress } from '../utils/plan-progress.ts';
import { editableStatuses, planStatusKind } from '../utils/plan-status.ts';
import { FormErrorSummary } from './form-error-summary.tsx';
import { PlanDateFields, usePlanDateInputs } from './plan-date-fields.tsx';

type UpdatePlanOutput = z.output<typeof updatePlanBody>;

const FIELD_ORDER = ['quantity', 'start_date', 'end_date', 'status'] as const;
const schemaResolver = zodResolver(updatePlanBody);

/** 製造計画の編集: quantity and dates and the status, to cancel or reopen. */
export function EditPlanModal({ plan, onClose }: { plan: Plan; onClose: () => void }) {
  const formId = useId();
  const update = useUpdatePlan();
  const { startInput, endInput, datesForValidation } = usePlanDateInputs();
  const resolver: Resolver<UpdatePlanBody, unknown, UpdatePlanOutput> = (values, context, options) =>
    schemaResolver(datesForValidation(values), context, options);
  const status = planStatusKind(plan.status);
  const form = useForm<UpdatePlanBody, unknown, UpdatePlanOutput>({
    resolver,
    defaultValues: { quantity: plan.quantity, start_date: plan.start_date, end_date: plan.end_date, status },
  });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control }) as UpdatePlanBody;
  const { completed } = planProgress(plan);

  // Notes are not on this form: the body names its fields so a save never clears them.
  const handleSubmit = form.handleSubmit((output) =>
    update.mutate(
      {
        id: plan.id,
        body: {
          quantity: output.quantity,
          start_date: output.start_date,
          end_date: output.end_date,
          ...(output.status && output.status !== status ? { status: output.status } : {}),
        },
      },
      {
        onSuccess: (saved) => {
          notify.success(UPDATE_PLAN_MESSAGES.success(saved.product_name));
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
      title="製造計画の編集"
      formId={formId}
      pending={update.isPending}
      submitLabel="更新"
      pendingLabel="更新中..."
    >
      <form id={formId} noValidate onSubmit={handleSubmit} className="space-y-4">
        <dl className="rounded-lg bg-gray-50 px-3 py-2 text-sm dark:bg-gray-800/60">
          <div className="flex gap-2">
            <dt className="shrink-0 text-gray-500 dark:text-gray-400">商品名</dt>
            <dd className="min-w-0 font-medium break-words">{plan.product_name}</dd>
          </div>
          <div className="mt-1 flex gap-2">
            <dt className="shrink-0 text-gray-500 dark:text-gray-400">製造済み</dt>
            <dd>{formatQuantity(completed)}</dd>
          </div>
        </dl>
        <FormErrorSummary messages={planFormErrorMessages(errors, FIELD_ORDER)} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label="数量"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            autoFocus
            className="sm:col-span-2"
            disabled={update.isPending}
            {...form.register('quantity', { valueAsNumber: true })}
          />
          <PlanDateFields
            start={form.register('start_date', { deps: 'end_date' })}
            end={form.register('end_date', { deps: 'start_date' })}
            inputs={{ startInput, endInput }}
            startDate={values.start_date}
            messages={planDateFieldMessages(values, errors)}
            disabled={update.isPending}
          />
          <SelectField
            label="状態"
            className="sm:col-span-2"
            options={editableStatuses(status).map((option) => ({ value: option, label: PLAN_STATUS_LABELS[option] }))}
            disabled={update.isPending}
            {...form.register('status')}
          />
        </div>
        <p className="text-xs text-gray-500 dark:text-gray-400">
          製造を記録すると、期間内のアクティブな計画だけが残数から差し引かれます。
        </p>
      </form>
    </FormModal>
  );
}
