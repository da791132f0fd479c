import type { RouteObject } from 'react-router-dom';

/** A path no route matches: the not-found screen. */
export const UNMATCHED_PATH = '/no-such-page';

/** Values for route parameters; a parameter not named here gets `sample`, whose not-found state is checked then. */
const SAMPLE_PARAMS: Readonly<Record<string, string>> = {};

const join = (base: string, path: string) => `${base.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;

const concrete = (path: string) =>
  path
    .split('/')
    .map((segment) => {
      if (segment === '*') return UNMATCHED_PATH.slice(1);
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1).replace(/\?$/, '');
      return SAMPLE_PARAMS[name] ?? 'sample';
    })
    .join('/');

/**
 * Every screen a route table can show, as a concrete path (index routes as their parent's
 * path). Routes that share one loader (/reflect and /reflection) show the same screen: the
 * first path stands for both.
 */
export function routePaths(routes: readonly RouteObject[], base = '/', seenLoaders = new Set<unknown>()): string[] {
  const paths = routes.flatMap((route) => {
    const here = route.path === undefined ? base : join(base, concrete(route.path));
    const leaf = route.index || (route.path !== undefined && !route.children?.length);
    const loader = route.lazy ?? route.element ?? route.Component;
    const seen = loader !== undefined && seenLoaders.has(loader);
    seenLoaders.add(loader);
    const own = leaf && !seen ? [here] : [];
    return [...own, ...routePaths(route.children ?? [], here, seenLoaders)];
  });
  return [...new Set(paths.map((path) => (path.length > 1 ? path.replace(/\/$/, '') : path)))];
}
