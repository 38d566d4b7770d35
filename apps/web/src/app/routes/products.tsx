import { ProductsManagement } from '../../features/products/components/products-management.tsx';

// The products feature loads the parts and tags its recipe editor offers itself (shared query
// keys), so the route only places the screen.
export function ProductsRoute() {
  return <ProductsManagement />;
}
