import type { AuthUser } from '@inventory/contracts/auth';

/** A signed-in user as GET /auth/me answers it, with overrides. */
export function makeAuthUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 1,
    name: '山田太郎',
    email: 'yamada@example.test',
    email_verified: false,
    role: 'admin',
    is_active: true,
    is_super_admin: false,
    last_login: null,
    current_workspace: { id: 1, workspace_name: '山田太郎のワークスペース' },
    ...overrides,
  };
}
