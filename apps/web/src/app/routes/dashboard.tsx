import { lazy, Suspense, useEffect } from 'react';
import { type DashboardModalSlots, Dashboard } from '../../features/dashboard/components/dashboard.tsx';

// The dashboard's product cards open the products feature's dialogs: the two features meet here.
// The dialogs (forms, validation, the dialog library) load after the page has drawn, so the first
// page stays within its 200 KB of JavaScript.
const loadManufactureModal = () => import('../../features/products/components/manufacture-modal.tsx');
const loadSellModal = () => import('../../features/products/components/sell-modal.tsx');
const ManufactureModal = lazy(() => loadManufactureModal().then((module) => ({ default: module.ManufactureModal })));
const SellModal = lazy(() => loadSellModal().then((module) => ({ default: module.SellModal })));

const modalSlots: DashboardModalSlots = {
  renderManufactureModal: (product, onClose) => (
    <Suspense fallback={null}>
      <ManufactureModal key={product.id} product={product} onClose={onClose} />
    </Suspense>
  ),
  renderSellModal: (product, onClose) => (
    <Suspense fallback={null}>
      <SellModal key={product.id} product={product} onClose={onClose} />
    </Suspense>
  ),
};

export function DashboardRoute() {
  // Fetched once the dashboard is up, so a click on 製造 or 販売 opens the dialog at once.
  useEffect(() => {
    void loadManufactureModal();
    void loadSellModal();
  }, []);
  return <Dashboard modalSlots={modalSlots} />;
}
