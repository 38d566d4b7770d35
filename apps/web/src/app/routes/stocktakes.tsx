import type { Tag } from '@inventory/contracts/tags';
import { StocktakesManagement } from '../../features/stocktakes/components/stocktakes-management.tsx';
import { useTags } from '../../features/tags/api/get-tags.ts';

const NO_TAGS: Tag[] = [];

// Stocktakes and tags meet here: a stocktake's scope can be chosen by the parts' tags.
export function StocktakesRoute() {
  return <StocktakesManagement tags={useTags().data ?? NO_TAGS} />;
}
