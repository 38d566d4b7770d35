import type { AuthUser, WorkspaceMember } from '@inventory/contracts/auth';
import type { WorkspaceStats } from '@inventory/contracts/dashboard';
import type { WorkspaceSettings } from '@inventory/contracts/workspace';

let nextId = 1;

/** The signed-in user as GET /auth/me answers it (an admin of workspace 1 unless overridden). */
export function makeAuthUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 1,
    name: '山田 太郎',
    email: 'yamada@example.test',
    email_verified: true,
    role: 'admin',
    is_active: true,
    is_super_admin: false,
    last_login: null,
    current_workspace: { id: 1, workspace_name: '山田工房' },
    ...overrides,
  };
}

/** A member as GET /auth/users answers it, with overrides. */
export function makeMember(overrides: Partial<WorkspaceMember> = {}): WorkspaceMember {
  const id = overrides.id ?? 100 + nextId++;
  return {
    id,
    name: `メンバー${id}`,
    email: `member${id}@example.test`,
    email_verified: true,
    role: 'member',
    is_active: true,
    last_login: null,
    ...overrides,
  };
}

/** GET /workspace/settings, with overrides. */
export function makeWorkspaceSettings(overrides: Partial<WorkspaceSettings> = {}): WorkspaceSettings {
  return { id: 1, workspace_name: '山田工房', max_members: 5, invite_code: null, invite_code_expires: null, ...overrides };
}

/** GET /workspace/stats, with overrides. */
export function makeWorkspaceStats(overrides: Partial<WorkspaceStats> = {}): WorkspaceStats {
  return { members: 2, parts: 0, products: 0, lowStockParts: 0, ...overrides };
}
