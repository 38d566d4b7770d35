import type { CreatePlanBody, createPlanBody, RequirementsBody } from '@inventory/contracts/manufacturing';
import type { Product } from '@inventory/contracts/products';
import { addDays } from 'date-fns';
import { ClipboardCheck } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/form/button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { SearchableDropdown } from '../../../components/ui/searchable-dropdown.tsx';
import { formatIsoDate, formatQuantity } from '../../../lib/format.ts';
import { lazyCode } from '../../../lib/lazy-code.tsx';
import { notify } from '../../../lib/notify.ts';
import { useCheckRequirements } from '../api/check-requirements.ts';
import { CREATE_PLAN_MESSAGES, useCreatePlan } from '../api/create-plan.ts';
import { useOrderRequirementsShortages } from '../api/order-requirements-shortages.ts';
import {
  canCheckRequirements,
  planDateFieldMessages,
  planFormErrorMessages,
  requirementsCheckBody,
} from '../utils/plan-form.ts';
import { defaultDeliveryDate, notifyShortageOrders } from '../utils/shortage-orders.ts';
import { FormErrorSummary } from './form-error-summary.tsx';
import { PlanDateFields, usePlanDateInputs } from './plan-date-fields.tsx';
import { RequirementsTable } from './requirements-table.tsx';

type CreatePlanOutput = z.output<typeof createPlanBody>;

const FIELD_ORDER = ['product_id', 'quantity', 'start_date', 'end_date'] as const;
// zod and the plan schema (about 40 KB gzip) load with the form's first validation, its first
// submit, instead of with the screen: 製造計画 opens on this form.
const planSchemaCheck = lazyCode(async () => (await import('../utils/create-plan-resolver.ts')).createPlanResolver);

/** A new plan starts today and runs a week; quantity 1 (the specification sets no defaults). */
function defaultValues(): CreatePlanBody {
  const today = new Date();
  return { product_id: Number.NaN, quantity: 1, start_date: formatIsoDate(today), end_date: formatIsoDate(addDays(today, 7)) };
}

/** 製造計画の作成 with the requirements check (必要部品を確認). */
export function PlanCreateForm({ products }: { products: readonly Product[] | undefined }) {
  const formId = useId();
  const create = useCreatePlan();
  const check = useCheckRequirements();
  const orderShortages = useOrderRequirementsShortages();
  const { startInput, endInput, datesForValidation } = usePlanDateInputs();
  const resolver: Resolver<CreatePlanBody, unknown, CreatePlanOutput> = async (values, context, options) =>
    (await planSchemaCheck.load())(datesForValidation(values), context, options);
  const form = useForm<CreatePlanBody, unknown, CreatePlanOutput>({ resolver, defaultValues: defaultValues() });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control }) as CreatePlanBody;
  const fieldMessages = planDateFieldMessages(values, errors);
  const productOptions = useMemo(
    () => (products ?? []).map((product) => ({ value: product.id, label: product.name, description: product.part_number ?? undefined })),
    [products],
  );
  const productName = (productId: number) => products?.find((product) => product.id === productId)?.name ?? '';

  const handleCreate = form.handleSubmit(({ product_id, quantity, start_date, end_date }) =>
    create.mutate(
      { product_id, quantity, start_date, end_date },
      {
        onSuccess: (plan) => {
          notify.success(CREATE_PLAN_MESSAGES.success(plan.product_name));
          form.reset(defaultValues());
          check.reset();
        },
        onError: (error) => notify.error(error.message),
      },
    ),
  );

  const runCheck = (body: RequirementsBody) => check.mutate(body, { onError: (error) => notify.error(error.message) });
  const handleCheck = () => {
    const current = form.getValues();
    if (canCheckRequirements(current)) runCheck(requirementsCheckBody(current));
  };
  const checkedBody = check.variables;
  const handleOrderShortages = (expectedDeliveryDate: string) => {
    if (!checkedBody) return;
    orderShortages.mutate({ requirements: checkedBody, expectedDeliveryDate }, {
      onSuccess: (result) => {
        notifyShortageOrders(result);
        // The table shows what is on order now.
        runCheck(checkedBody);
      },
      onError: (error) => notify.error(error.message),
    });
  };

  return (
    <section
      aria-labelledby={`${formId}-title`}
      className="space-y-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-5 dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id={`${formId}-title`} className="font-semibold text-gray-900 dark:text-gray-100">
        製造計画の作成
      </h2>
      <FormErrorSummary messages={planFormErrorMessages(errors, FIELD_ORDER)} />
      <form id={formId} noValidate onSubmit={handleCreate} className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-4">
        <Controller
          control={form.control}
          name="product_id"
          render={({ field }) => (
            <SearchableDropdown
              label="商品"
              options={productOptions}
              value={Number.isNaN(field.value) ? null : field.value}
              onChange={(productId) => field.onChange(productId ?? Number.NaN)}
              placeholder={products ? '商品を選択' : '商品を読み込み中...'}
              emptyText="商品がありません"
              disabled={!products || create.isPending}
            />
          )}
        />
        <TextField
          label="数量"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          disabled={create.isPending}
          {...form.register('quantity', { valueAsNumber: true })}
        />
        <PlanDateFields
          start={form.register('start_date', { deps: 'end_date' })}
          end={form.register('end_date', { deps: 'start_date' })}
          inputs={{ startInput, endInput }}
          startDate={values.start_date}
          messages={fieldMessages}
          disabled={create.isPending}
        />
      </form>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          onClick={handleCheck}
          disabled={!canCheckRequirements(values) || check.isPending}
          title="商品と数量を入力すると確認できます"
        >
          <ClipboardCheck className="h-4 w-4" aria-hidden="true" />
          {check.isPending ? '計算中...' : '必要部品を確認'}
        </Button>
        <Button type="submit" form={formId} disabled={create.isPending}>
          {create.isPending ? '作成中...' : '計画を作成'}
        </Button>
      </div>
      {check.data && checkedBody ? (
        <CheckResult
          body={checkedBody}
          result={check.data}
          productName={productName(checkedBody.orders[0]!.product_id)}
          onOrderShortages={handleOrderShortages}
          ordering={orderShortages.isPending}
        />
      ) : null}
    </section>
  );
}

function CheckResult({
  body,
  result,
  productName,
  onOrderShortages,
  ordering,
}: {
  body: RequirementsBody;
  result: NonNullable<ReturnType<typeof useCheckRequirements>['data']>;
  productName: string;
  onOrderShortages: (expectedDeliveryDate: string) => void;
  ordering: boolean;
}) {
  const requested = body.orders[0]!.quantity;
  const computed = result.orders[0]?.quantity ?? requested;
  return (
    <div className="space-y-2 border-t border-gray-100 pt-4 dark:border-gray-800">
      <h3 className="text-sm font-semibold text-gray-900 dark:text-gray-100">
        必要部品の確認結果: {productName} × {formatQuantity(requested)}
      </h3>
      {result.manufacturing_adjusted && computed !== requested ? (
        <p className="text-xs text-gray-500 dark:text-gray-400">
          期間内に製造済みの{formatQuantity(requested - computed)}を差し引き、{formatQuantity(computed)}分で計算しました。
        </p>
      ) : null}
      <RequirementsTable
        result={result}
        caption={`「${productName}」の必要部品`}
        deliveryDate={defaultDeliveryDate(body.start_date, formatIsoDate(new Date()))}
        onOrderShortages={onOrderShortages}
        ordering={ordering}
      />
    </div>
  );
}
