import { useParams } from 'react-router';
import { ScanScreen } from '../../features/scan/components/scan-screen.tsx';
import { useOpenDetail } from './scan.tsx';

/** /s/{kind}/{id}: what a label's QR code opens in the phone's browser, the same sheet as a scan. */
export function ScannedItemRoute() {
  const { kind, id } = useParams();
  return <ScanScreen key={`${kind}/${id}`} initialCode={`/s/${kind}/${id}`} onOpenDetail={useOpenDetail()} />;
}
