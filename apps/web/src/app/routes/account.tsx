import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { AccountSettings } from '../../features/auth/components/account-settings.tsx';
import { useAuthStore } from '../../lib/auth-store.ts';
import { notify } from '../../lib/notify.ts';

export function AccountRoute() {
  const navigate = useNavigate();
  const name = useAuthStore((state) => state.user?.name ?? '');
  return (
    <AccountSettings
      name={name}
      onSignedOutEverywhere={() => {
        notify.success('すべての端末からログアウトしました');
        void navigate(paths.login, { replace: true });
      }}
    />
  );
}
