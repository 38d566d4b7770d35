import { loadOnRender } from '../../lib/load-on-render.tsx';

// Only unverified users see the banner: verified ones never download its code.
export const VerificationBanner = loadOnRender(
  async () => (await import('../../features/auth/components/verification-banner.tsx')).VerificationBanner,
);
