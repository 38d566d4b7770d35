import type { Plan } from '@inventory/contracts/manufacturing';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useMemo, useState } from 'react';
import { PageContainer, PageHeader } from '../../../components/layout/page-header.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { lazyComponent } from '../../../lib/lazy-code.tsx';
import { useModal } from '../../../lib/use-modal.ts';
import { useCapacities } from '../api/get-capacities.ts';
import { useManufacturingRecords } from '../api/get-manufacturing-records.ts';
import { usePlans } from '../api/get-plans.ts';
import { useProducts } from '../api/get-products.ts';
import { capacityCards } from '../utils/capacity-cards.ts';
import { CapacityGrid } from './capacity-grid.tsx';
import type { PlanAction } from './plan-card.tsx';
import { PlanCreateForm } from './plan-create-form.tsx';
import { PlanList } from './plan-list.tsx';
import { RecordsList } from './records-list.tsx';

// The plan dialogs of 製造計画 load when they first open: the edit form brings react-hook-form's
// zod resolver and zod, and both bring the modal's Headless UI dialog.
const EditPlanModal = lazyComponent(async () => (await import('./edit-plan-modal.tsx')).EditPlanModal);
const DeletePlanModal = lazyComponent(async () => (await import('./delete-plan-modal.tsx')).DeletePlanModal);

/** The three tabs (製造計画, 製造記録, 製造可能数) in order; the plan tab is the default. */
export const MANUFACTURING_TABS = ['製造計画', '製造記録', '製造可能数'] as const;
const PLANS_TAB = 0;
const RECORDS_TAB = 1;
const CAPACITY_TAB = 2;

const tabClassName =
  'rounded-md px-4 py-2 text-sm font-medium whitespace-nowrap text-gray-600 focus:outline-none data-focus-visible:ring-2 data-focus-visible:ring-blue-500 data-hover:text-gray-900 data-selected:bg-white data-selected:text-blue-700 data-selected:shadow-sm dark:text-gray-300 dark:data-hover:text-white dark:data-selected:bg-gray-900 dark:data-selected:text-blue-300';

/**
 * The 製造計画 screen: the red error panel, then 製造計画 (create form with requirements check,
 * plan list), 製造記録 and 製造可能数. Each tab loads what it shows when it is opened.
 */
export function ManufacturingManagement() {
  const [tab, setTab] = useState(PLANS_TAB);
  const plans = usePlans({ enabled: tab === PLANS_TAB });
  const records = useManufacturingRecords({ enabled: tab === RECORDS_TAB });
  const products = useProducts({ enabled: tab === PLANS_TAB || tab === CAPACITY_TAB });
  const capacities = useCapacities({ enabled: tab === CAPACITY_TAB });
  const { modal, openModal, closeModal } = useModal<{ action: PlanAction; plan: Plan }>();

  // Section 2: the panel shows the first message available among the failed loads.
  const failed = [plans, records, products, capacities].filter((query) => query.isError);
  const errorMessage = failed[0]?.error?.message;
  const handleRetry = () => failed.forEach((query) => void query.refetch());

  // A failed capacity call counts as 0 for every product (section 8); null while it loads.
  const capacityFailed = capacities.isError;
  const cards = useMemo(
    () => (products.data ? capacityCards(products.data, capacityFailed ? [] : (capacities.data ?? null)) : []),
    [products.data, capacities.data, capacityFailed],
  );

  return (
    <PageContainer>
      <PageHeader title="製造計画" subtitle="製造計画の作成と進捗、製造記録、製造可能数を確認します" />
      <div className="space-y-4">
        {errorMessage ? <ErrorBanner message={errorMessage} onRetry={handleRetry} /> : null}

        <TabGroup selectedIndex={tab} onChange={setTab}>
          <TabList className="flex gap-1 overflow-x-auto rounded-lg bg-gray-100 p-1 dark:bg-gray-800">
            {MANUFACTURING_TABS.map((label) => (
              <Tab key={label} className={tabClassName}>
                {label}
              </Tab>
            ))}
          </TabList>
          <TabPanels className="mt-4">
            <TabPanel className="space-y-6 focus:outline-none">
              <PlanCreateForm products={products.data} />
              {plans.isPending ? (
                <LoadingSpinner label="製造計画を読み込み中..." className="py-12" />
              ) : plans.data ? (
                <PlanList plans={plans.data} onAction={(action, plan) => openModal({ action, plan })} />
              ) : null}
            </TabPanel>
            <TabPanel className="focus:outline-none">
              {records.isPending ? (
                <LoadingSpinner label="製造記録を読み込み中..." className="py-12" />
              ) : records.data ? (
                <RecordsList records={records.data} />
              ) : null}
            </TabPanel>
            <TabPanel className="focus:outline-none">
              {products.isPending ? (
                <LoadingSpinner label="製造可能数を読み込み中..." className="py-12" />
              ) : products.data ? (
                <CapacityGrid cards={cards} />
              ) : null}
            </TabPanel>
          </TabPanels>
        </TabGroup>

        {modal?.action === 'edit' && <EditPlanModal plan={modal.plan} onClose={closeModal} />}
        {modal?.action === 'delete' && <DeletePlanModal plan={modal.plan} onClose={closeModal} />}
      </div>
    </PageContainer>
  );
}
