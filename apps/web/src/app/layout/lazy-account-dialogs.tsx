import { loadOnRender } from '../../lib/load-on-render.tsx';

// The account dialogs of the user menu (Headless UI, react-hook-form, zod) load when they open,
// like the workspace switcher, so the first page's JavaScript stays small.
export const ChangePasswordModal = loadOnRender(
  async () => (await import('../../features/auth/components/change-password-modal.tsx')).ChangePasswordModal,
);

export const LogoutAllModal = loadOnRender(async () => (await import('../../features/auth/components/logout-all-modal.tsx')).LogoutAllModal);
