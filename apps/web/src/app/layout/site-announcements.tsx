import { AnnouncementBanners } from '../../features/announcements/components/announcement-banners.tsx';
import { useAuthStore } from '../../lib/auth-store.ts';

/** The management console's active announcements, for signed-in users only (the call needs a session). */
export function SiteAnnouncements() {
  const signedIn = useAuthStore((state) => state.status === 'authenticated');
  return signedIn ? <AnnouncementBanners /> : null;
}
