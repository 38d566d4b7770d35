import clsx from 'clsx';
import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { MobileMenu } from './mobile-menu.tsx';
import { navItems } from './nav-items.ts';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserMenu } from './user-menu.tsx';

export function TopNav() {
  const user = useAuthStore((state) => (state.status === 'authenticated' ? state.user : null));
  // While the first page checks a stored session the navigation draws already; the user's menu
  // comes with the answer (a refused session goes to the login page).
  const signedIn = useAuthStore((state) => state.status !== 'signedOut');
  const [mobileOpen, setMobileOpen] = useState(false);
  const onLoginPage = useLocation().pathname === paths.login;

  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur dark:border-gray-800 dark:bg-gray-900/95">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link to={signedIn ? paths.dashboard : paths.login} className="flex shrink-0 items-center gap-2 font-bold text-blue-600 dark:text-blue-400">
          <img src="/favicon.svg" alt="" className="h-7 w-7" />
          <span>在庫・製造管理</span>
        </Link>

        {signedIn ? (
          <nav aria-label="メインメニュー" className="hidden flex-1 items-center gap-1 lg:flex">
            {navItems.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.to === paths.dashboard}
                className={({ isActive }) =>
                  clsx(
                    'rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
                    isActive
                      ? 'bg-blue-50 text-blue-700 dark:bg-blue-900/40 dark:text-blue-300'
                      : 'text-gray-600 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white',
                  )
                }
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
        ) : (
          <div className="flex-1" />
        )}

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {signedIn ? (
            <>
              <div className="hidden lg:block">{user ? <UserMenu user={user} /> : null}</div>
              <button
                type="button"
                className="rounded-md p-2 text-gray-600 hover:bg-gray-100 lg:hidden dark:text-gray-300 dark:hover:bg-gray-800"
                aria-label={mobileOpen ? 'メニューを閉じる' : 'メニューを開く'}
                aria-expanded={mobileOpen}
                aria-controls="mobile-menu"
                onClick={() => setMobileOpen((open) => !open)}
              >
                {mobileOpen ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
              </button>
            </>
          ) : onLoginPage ? null : (
            <Link
              to={paths.login}
              className="rounded-md bg-blue-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-700"
            >
              ログイン
            </Link>
          )}
        </div>
      </div>
      {user && mobileOpen ? <MobileMenu user={user} onNavigate={() => setMobileOpen(false)} /> : null}
    </header>
  );
}
