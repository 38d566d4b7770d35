import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../lib/auth-store.ts';
import { storeToken } from '../../lib/token-storage.ts';
import { renderWithQueryClient } from '../../testing/api-mock.tsx';
import { makeAuthUser } from '../../testing/make-user.ts';
import { MobileMenu } from './mobile-menu.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserMenu } from './user-menu.tsx';

const account = makeAuthUser({ name: '山田太郎' });

// The menus as the top bar shows them: only while someone is signed in.
function SignedInOnly({ render }: { render: (user: typeof account) => ReactElement }) {
  const user = useAuthStore((state) => state.user);
  return user ? render(user) : null;
}

function renderMenu(menu: (user: typeof account) => ReactElement) {
  renderWithQueryClient(
    <MemoryRouter initialEntries={['/parts']}>
      <Routes>
        <Route path="/parts" element={<SignedInOnly render={menu} />} />
        <Route path="/account" element={<p>アカウント設定の画面</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const menus = {
  desktop: {
    render: (user: typeof account) => <UserMenu user={user} />,
    choose: async (user: ReturnType<typeof userEvent.setup>, label: string) => {
      await user.click(screen.getByRole('button', { name: 'ユーザーメニュー: 山田太郎' }));
      await user.click(await screen.findByRole('menuitem', { name: label }));
    },
  },
  mobile: {
    render: (user: typeof account) => <MobileMenu user={user} onNavigate={() => {}} />,
    choose: async (user: ReturnType<typeof userEvent.setup>, label: string) => {
      // Pages are links among the menu's buttons.
      await user.click(screen.queryByRole('button', { name: label }) ?? screen.getByRole('link', { name: label }));
    },
  },
};

describe.each(Object.entries(menus))('the %s user menu', (_name, menu) => {
  beforeEach(() => {
    storeToken('tok');
    useAuthStore.setState({ status: 'authenticated', user: account, token: 'tok' });
  });

  it('opens アカウント設定 (password, second factor, passkeys, devices)', async () => {
    const user = renderMenu(menu.render);
    await menu.choose(user, 'アカウント設定');
    expect(await screen.findByText('アカウント設定の画面')).toBeInTheDocument();
  });
});

// Every page draws these two menus; their Headless UI menus mount when first reached, not with the page.
describe('the top bar menus', () => {
  beforeEach(() => {
    storeToken('tok');
    useAuthStore.setState({ status: 'authenticated', user: account, token: 'tok' });
  });

  it.each([
    ['the user menu', 'ユーザーメニュー: 山田太郎', (user: typeof account) => <UserMenu user={user} />],
    ['the theme menu', /^テーマ切り替え/, () => <ThemeToggle />],
  ])('%s stands in as a plain button until first used', async (_name, label, render) => {
    const user = renderMenu(render);
    const trigger = () => screen.getByRole('button', { name: label });
    expect(trigger()).not.toHaveAttribute('aria-expanded');
    await user.click(trigger());
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findAllByRole('menuitem')).not.toHaveLength(0);
  });
});
