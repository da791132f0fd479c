import { routersOf } from '@reflections/platform/http/routers-by-prefix';
import type Koa from 'koa';

/**
 * `METHOD /path` of every route an app registers under /api, read from its routers' stacks
 * (HEAD is koa-router's echo of GET; `router.use` layers have no method and are no route).
 */
export function registeredApiRoutes(app: Koa): string[] {
  const keys = new Set<string>();
  for (const router of routersOf(app)) {
    for (const layer of router.stack) {
      if (typeof layer.path !== 'string' || !layer.path.startsWith('/api')) continue;
      for (const method of layer.methods) if (method !== 'HEAD') keys.add(`${method} ${layer.path}`);
    }
  }
  return [...keys].sort();
}
