import { type ComponentProps, lazy, Suspense } from 'react';

// The account dialogs of the user menu (Headless UI, react-hook-form, zod) load when they open,
// like the workspace switcher, so the first page's JavaScript stays small.
const LoadedChangePassword = lazy(async () => ({
  default: (await import('../../features/auth/components/change-password-modal.tsx')).ChangePasswordModal,
}));
const LoadedLogoutAll = lazy(async () => ({
  default: (await import('../../features/auth/components/logout-all-modal.tsx')).LogoutAllModal,
}));

export function ChangePasswordModal(props: ComponentProps<typeof LoadedChangePassword>) {
  return (
    <Suspense fallback={null}>
      <LoadedChangePassword {...props} />
    </Suspense>
  );
}

export function LogoutAllModal(props: ComponentProps<typeof LoadedLogoutAll>) {
  return (
    <Suspense fallback={null}>
      <LoadedLogoutAll {...props} />
    </Suspense>
  );
}
