import { PreviousWorkspacesNotice } from '../../features/auth/components/previous-workspaces-notice.tsx';
import { type DashboardModalSlots, Dashboard } from '../../features/dashboard/components/dashboard.tsx';
import { lazyComponent } from '../../lib/lazy-code.tsx';

// The dashboard's product cards open the products feature's dialogs: the two features meet here.
// The dialogs (forms, validation, the dialog library) load after the page has drawn.
const ManufactureModal = lazyComponent(async () => (await import('../../features/products/components/manufacture-modal.tsx')).ManufactureModal);
const SellModal = lazyComponent(async () => (await import('../../features/products/components/sell-modal.tsx')).SellModal);

const modalSlots: DashboardModalSlots = {
  renderManufactureModal: (product, onClose) => <ManufactureModal key={product.id} product={product} onClose={onClose} />,
  renderSellModal: (product, onClose) => <SellModal key={product.id} product={product} onClose={onClose} />,
  preloadModals: () => {
    ManufactureModal.preload();
    SellModal.preload();
  },
};

export function DashboardRoute() {
  return (
    <>
      <PreviousWorkspacesNotice />
      <Dashboard modalSlots={modalSlots} />
    </>
  );
}
