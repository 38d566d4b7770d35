import type { Product } from '@inventory/contracts/products';
import { Package, Plus, Printer } from 'lucide-react';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/form/button.tsx';
import { PageContainer, PageHeader } from '../../../components/layout/page-header.tsx';
import { labelsPath } from '../../../config/paths.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { PullToRefresh } from '../../../components/ui/pull-to-refresh.tsx';
import { formatCount } from '../../../lib/format.ts';
import { lazyComponent } from '../../../lib/lazy-code.tsx';
import { notify } from '../../../lib/notify.ts';
import { DESKTOP_TABLE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { useModal } from '../../../lib/use-modal.ts';
import { useCapacities } from '../api/get-capacities.ts';
import { PRODUCTS_REFRESH_MESSAGES, useProducts } from '../api/get-products.ts';
import type { ProductAction } from '../utils/product-actions.ts';
import { sortProductsByName } from '../utils/sort-products.ts';
import { MobileProductsList } from './mobile-products-list.tsx';
import { ProductsTable } from './products-table.tsx';

// The dialogs of 商品管理 load when they first open: their forms (react-hook-form, zod), the
// recipe editor's part selector and Headless UI's combobox would otherwise be part of the screen's
// first download when it is opened directly.
const ProductFormModal = lazyComponent(async () => (await import('./product-form-modal.tsx')).ProductFormModal);
const RecipeModal = lazyComponent(async () => (await import('./recipe-modal.tsx')).RecipeModal);
const ManufactureModal = lazyComponent(async () => (await import('./manufacture-modal.tsx')).ManufactureModal);
const SellModal = lazyComponent(async () => (await import('./sell-modal.tsx')).SellModal);
const CopyProductModal = lazyComponent(async () => (await import('./copy-product-modal.tsx')).CopyProductModal);
const DeleteProductDialog = lazyComponent(async () => (await import('./delete-product-dialog.tsx')).DeleteProductDialog);
const ProductDetailModal = lazyComponent(async () => (await import('./product-detail-modal.tsx')).ProductDetailModal);

/** Specification 001, section 4: the products screen refreshes at a 60 px pull. */
export const PRODUCTS_PULL_THRESHOLD_PX = 60;

const NO_PRODUCTS: Product[] = [];

type ProductsModal = { kind: 'create' } | { kind: Exclude<ProductAction, 'labels'>; product: Product };

/** The 商品管理 screen: the list (table or cards), the add button and every dialog. */
export function ProductsManagement() {
  const productsQuery = useProducts();
  const capacities = useCapacities();
  const isDesktop = useMediaQuery(DESKTOP_TABLE_QUERY);
  const { modal, openModal, closeModal } = useModal<ProductsModal>();

  const products = productsQuery.data ?? NO_PRODUCTS;
  const sorted = useMemo(() => sortProductsByName(products), [products]);
  const productsById = useMemo(() => new Map(products.map((product) => [product.id, product])), [products]);
  // The dialogs show the freshest cached copy of the product they were opened for.
  const fresh = (product: Product) => productsById.get(product.id) ?? product;

  // One batch call for every product. Until it answers each count reads 計算中...; a failed call
  // counts as 0 (a product without capacity shows 0), as does a product the answer does not list.
  const capacityMap = capacities.data;
  const capacitiesFailed = capacities.isError;
  const capacityOf = useCallback(
    (productId: number) => (capacityMap ? (capacityMap.get(productId) ?? 0) : capacitiesFailed ? 0 : null),
    [capacityMap, capacitiesFailed],
  );
  const navigate = useNavigate();
  const handleAction = useCallback(
    (action: ProductAction, product: Product) =>
      action === 'labels' ? void navigate(labelsPath({ productIds: [product.id] })) : openModal({ kind: action, product }),
    [openModal, navigate],
  );

  const handleRefresh = async () => {
    const [result] = await Promise.all([productsQuery.refetch(), capacities.refetch()]);
    if (result.isError) notify.error(PRODUCTS_REFRESH_MESSAGES.failure);
    else notify.success(PRODUCTS_REFRESH_MESSAGES.success);
  };

  let content: ReactNode;
  if (productsQuery.isPending) {
    content = <LoadingSpinner label="商品を読み込み中..." className="py-16" />;
  } else if (productsQuery.isError) {
    content = <ErrorBanner message={productsQuery.error.message} onRetry={() => void productsQuery.refetch()} />;
  } else if (products.length === 0) {
    content = <EmptyState icon={<Package aria-hidden="true" />} message="商品が登録されていません" hint="「商品を追加」から登録できます。" />;
  } else if (isDesktop) {
    content = <ProductsTable products={sorted} capacityOf={capacityOf} onAction={handleAction} />;
  } else {
    content = <MobileProductsList products={sorted} capacityOf={capacityOf} onAction={handleAction} />;
  }

  const page = (
    <PageContainer>
      <PageHeader
        title="商品管理"
        subtitle="商品の在庫・レシピ・製造・販売を管理します"
        actions={
          <>
            {products.length > 0 && (
              <Button variant="secondary" onClick={() => void navigate(labelsPath({ productIds: sorted.map((product) => product.id) }))}>
                <Printer className="h-4 w-4" aria-hidden="true" />
                ラベル印刷
              </Button>
            )}
            <Button onClick={() => openModal({ kind: 'create' })}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              商品を追加
            </Button>
          </>
        }
      />
      <p className="mb-2 min-h-5 text-sm text-gray-600 dark:text-gray-400" aria-live="polite">
        {productsQuery.isSuccess ? <span className="font-medium text-gray-900 dark:text-gray-100">全{formatCount(products.length)}件</span> : null}
      </p>
      {content}
    </PageContainer>
  );

  return (
    <>
      {isDesktop ? (
        page
      ) : (
        <PullToRefresh onRefresh={handleRefresh} threshold={PRODUCTS_PULL_THRESHOLD_PX}>
          {page}
        </PullToRefresh>
      )}

      {modal?.kind === 'create' && <ProductFormModal product={null} onClose={closeModal} />}
      {modal?.kind === 'edit' && <ProductFormModal key={modal.product.id} product={fresh(modal.product)} onClose={closeModal} />}
      {modal?.kind === 'recipe' && <RecipeModal key={modal.product.id} product={fresh(modal.product)} onClose={closeModal} />}
      {modal?.kind === 'manufacture' && <ManufactureModal key={modal.product.id} product={fresh(modal.product)} onClose={closeModal} />}
      {modal?.kind === 'sell' && <SellModal key={modal.product.id} product={fresh(modal.product)} onClose={closeModal} />}
      {modal?.kind === 'copy' && <CopyProductModal key={modal.product.id} product={fresh(modal.product)} onClose={closeModal} />}
      {modal?.kind === 'delete' && <DeleteProductDialog key={modal.product.id} product={modal.product} onClose={closeModal} />}
      {modal?.kind === 'detail' && (
        <ProductDetailModal
          key={modal.product.id}
          product={fresh(modal.product)}
          capacity={capacityOf(modal.product.id)}
          onClose={closeModal}
          onEdit={(product) => openModal({ kind: 'edit', product })}
        />
      )}
    </>
  );
}
