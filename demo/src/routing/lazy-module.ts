/**
 * A page module loaded on first use rather than in the landing page's first load. `preload` starts
 * the download ahead (a pointer or focus on a link to the page, usePrefetchOnIntent) and is shared
 * with React.lazy, so the module is fetched once; a failed load (offline) is tried again next time.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface LazyModule<M> {
  preload: () => Promise<M>;
  /** One of the module's exported components as a lazy component (render it inside a Suspense). */
  // biome-ignore lint/suspicious/noExplicitAny: a component's props are any props, as React.lazy's own bound
  page: <C extends ComponentType<any>>(pick: (module: M) => C) => LazyExoticComponent<C>;
}

export function lazyModule<M>(load: () => Promise<M>): LazyModule<M> {
  let loading: Promise<M> | undefined;
  const preload = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return { preload, page: (pick) => lazy(async () => ({ default: pick(await preload()) })) };
}
