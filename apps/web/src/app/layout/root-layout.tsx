import { Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { lazyComponent } from '../../lib/lazy-code.tsx';
import { Footer } from './footer.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { SiteAnnouncements } from './site-announcements.tsx';
import { TopNav } from './top-nav.tsx';

// Only unverified users see the banner: verified ones never download its code.
const VerificationBanner = lazyComponent(async () => (await import('../../features/auth/components/verification-banner.tsx')).VerificationBanner);

export function RootLayout() {
  const user = useAuthStore((state) => (state.status === 'authenticated' ? state.user : null));
  // The verification page offers its own resend.
  const onVerifyPage = useLocation().pathname === paths.verifyEmail;

  return (
    <div className="flex min-h-dvh flex-col">
      <TopNav />
      <OfflineBanner />
      {/* The slim full-width bar belongs to the top bar; the announcement cards come under it. */}
      {user?.email_verified === false && !onVerifyPage ? <VerificationBanner key={user.id} userId={user.id} email={user.email} /> : null}
      <SiteAnnouncements />
      <main className="flex flex-1 flex-col">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
