import { lazy, useState, type ComponentType } from 'react';

/**
 * A lazily loaded component that can also be loaded ahead: once `preload()` has resolved, it draws
 * at once (no suspending), so a server-drawn screen hydrates without swapping the server's markup
 * for a fallback. Before that it is an ordinary `React.lazy` (put it inside a Suspense boundary).
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): { Component: ComponentType<P>; preload(): Promise<unknown> } {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (err: unknown) => {
        loading = null; // a later draw tries again
        throw err;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Component(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component later would
    // remount it (and lose what the customer typed).
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  }
  return { Component, preload };
}
