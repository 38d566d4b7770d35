import type { AuthUser } from '@inventory/contracts/auth';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../lib/auth-store.ts';
import { mockApi, renderWithQueryClient } from '../../testing/api-mock.tsx';
import { makeAdminStats } from '../../testing/make-announcement.ts';
import { ManagementConsoleRoute } from './management-console.tsx';

const user = (isSuperAdmin: boolean): AuthUser => ({
  id: 1,
  name: '運営者',
  email: 'root@example.com',
  email_verified: true,
  role: 'admin',
  is_active: true,
  is_super_admin: isSuperAdmin,
  last_login: null,
  current_workspace: { id: 1, workspace_name: '運営者のワークスペース' },
});

function renderRoute() {
  return renderWithQueryClient(
    <MemoryRouter>
      <ManagementConsoleRoute />
    </MemoryRouter>,
  );
}

describe('ManagementConsoleRoute', () => {
  afterEach(() => useAuthStore.setState({ status: 'signedOut', user: null, token: null }));

  it('gives the console to the super admin of the session', async () => {
    mockApi({
      'GET /management-console/stats': () => ({ body: makeAdminStats({ totalUsers: 3 }) }),
      'GET /management-console/announcements': () => ({ body: [] }),
    });
    useAuthStore.setState({ status: 'authenticated', user: user(true), token: 'token' });
    renderRoute();
    expect(await screen.findByText('3人')).toBeInTheDocument();
    expect(screen.queryByText('アクセス権限がありません')).not.toBeInTheDocument();
  });

  it('shows アクセス権限がありません to a workspace admin who is not a super admin', () => {
    const calls = mockApi({});
    useAuthStore.setState({ status: 'authenticated', user: user(false), token: 'token' });
    renderRoute();
    expect(screen.getByText('アクセス権限がありません')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
