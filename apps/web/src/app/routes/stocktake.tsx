import type { Tag } from '@inventory/contracts/tags';
import { useParams } from 'react-router';
import { StocktakeCounting } from '../../features/stocktakes/components/stocktake-counting.tsx';
import { useTags } from '../../features/tags/api/get-tags.ts';
import { NotFoundRoute } from './not-found.tsx';

const NO_TAGS: Tag[] = [];

// The counting screen filters its lines by the parts' tags, named by the tags feature.
export function StocktakeRoute() {
  const { id } = useParams();
  const tags = useTags().data ?? NO_TAGS;
  if (!id || !/^[1-9][0-9]{0,9}$/.test(id)) return <NotFoundRoute />;
  return <StocktakeCounting key={id} id={Number(id)} tags={tags} />;
}
