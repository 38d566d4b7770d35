import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A component whose code is downloaded the first time it renders (dialogs, banners few people
 * see), so it stays out of the first page's JavaScript. Nothing shows while it loads.
 */
export function loadOnRender<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LoadOnRender(props: Props) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
