import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useLogout } from '../../features/auth/api/logout.ts';
import { notify } from '../../lib/notify.ts';

/** Logout as both menus (desktop and mobile) offer it. */
export function useAccountActions() {
  const navigate = useNavigate();
  const signOut = useLogout();
  // The menu that started this unmounts as soon as the session is cleared, so the follow-up
  // runs on the promise rather than in mutate callbacks (those are dropped on unmount).
  const handleLogout = async () => {
    await signOut.mutateAsync().catch(() => undefined);
    notify.success('ログアウトしました');
    await navigate(paths.login, { replace: true });
  };
  return { handleLogout: () => void handleLogout(), isLoggingOut: signOut.isPending };
}
