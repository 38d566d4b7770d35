import { useSearchParams } from 'react-router';
import { labelParams } from '../../config/paths.ts';
import { LabelPrintPage } from '../../features/labels/components/label-print-page.tsx';

const idsOf = (value: string | null) => (value ?? '').split(',').flatMap((part) => (/^[1-9][0-9]{0,9}$/.test(part) ? [Number(part)] : []));

export function LabelsRoute() {
  const [params] = useSearchParams();
  return <LabelPrintPage partIds={idsOf(params.get(labelParams.parts))} productIds={idsOf(params.get(labelParams.products))} />;
}
