import type { ScannedItem } from '@inventory/contracts/scan';
import { useNavigate } from 'react-router';
import { listFilterParams, paths } from '../../config/paths.ts';
import { ScanScreen } from '../../features/scan/components/scan-screen.tsx';

/** 詳細 of a scanned item: the part in 部品管理 (searched by its name), or 商品管理. */
export function useOpenDetail() {
  const navigate = useNavigate();
  return (item: ScannedItem) =>
    void navigate(item.kind === 'part' ? `${paths.parts}?${new URLSearchParams({ [listFilterParams.parts.search]: item.name })}` : paths.products);
}

export function ScanRoute() {
  return <ScanScreen onOpenDetail={useOpenDetail()} />;
}

