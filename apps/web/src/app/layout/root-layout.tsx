import { Outlet } from 'react-router';
import { Footer } from './footer.tsx';
import { SiteAnnouncements } from './site-announcements.tsx';
import { TopNav } from './top-nav.tsx';

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <TopNav />
      <SiteAnnouncements />
      <main className="flex flex-1 flex-col">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
