import type { AdminStats, Announcement } from '@inventory/contracts/management-console';

let nextId = 1;

/** An announcement as the management console's calls answer it, with overrides. */
export function makeAnnouncement(overrides: Partial<Announcement> = {}): Announcement {
  const id = overrides.id ?? nextId++;
  return {
    id,
    title: `告知${id}`,
    content: `告知${id}の内容です。`,
    type: 'info',
    is_active: true,
    created_at: '2026-05-10T01:30:00.000Z',
    updated_at: overrides.created_at ?? '2026-05-10T01:30:00.000Z',
    ...overrides,
  };
}

/** GET /management-console/stats, with overrides. */
export function makeAdminStats(overrides: Partial<AdminStats> = {}): AdminStats {
  return {
    totalUsers: 0,
    totalParts: 0,
    totalProducts: 0,
    totalWorkspaces: 0,
    totalManufacturingRecords: 0,
    totalSalesRecords: 0,
    ...overrides,
  };
}
