import { paths } from '../../config/paths.ts';

/** The top navigation, in its order. */
export const navItems = [
  { to: paths.dashboard, label: 'ダッシュボード' },
  { to: paths.parts, label: '部品管理' },
  { to: paths.products, label: '商品管理' },
  { to: paths.manufacturing, label: '製造計画' },
  { to: paths.sales, label: '販売管理' },
  { to: paths.orders, label: '発注管理' },
] as const;

/** Shown in the phone menu after the top navigation: the phone is what scans labels at the shelf. */
export const phoneNavItems = [{ to: paths.scan, label: 'スキャン' }] as const;
