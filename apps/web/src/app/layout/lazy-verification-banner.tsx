import { type ComponentProps, lazy, Suspense } from 'react';

// Only unverified users see the banner: verified ones never download its code.
const LoadedBanner = lazy(async () => ({
  default: (await import('../../features/auth/components/verification-banner.tsx')).VerificationBanner,
}));

export function VerificationBanner(props: ComponentProps<typeof LoadedBanner>) {
  return (
    <Suspense fallback={null}>
      <LoadedBanner {...props} />
    </Suspense>
  );
}
