import { createElement } from 'react';
import type { RouteObject } from 'react-router-dom';

type Lazy = Exclude<RouteObject['lazy'], undefined>;

/**
 * `route` and its children with each lazy screen wrapped in the Redux store, loaded beside
 * the screen's own chunk; the screens in `storeless` (by their lazy function) go without.
 */
export function inStore(route: RouteObject, storeless: readonly Lazy[]): RouteObject {
  const children = route.children?.map((child) => inStore(child, storeless));
  const load = route.lazy;
  if (typeof load !== 'function' || storeless.includes(load)) return { ...route, children } as RouteObject;
  return {
    ...route,
    children,
    lazy: async () => {
      const [{ Component, element, ...rest }, { StoreProvider }] = await Promise.all([
        load(),
        import('./store-provider'),
      ]);
      const screen = element ?? (Component ? createElement(Component) : null);
      return { ...rest, element: <StoreProvider>{screen}</StoreProvider> };
    },
  } as RouteObject;
}
