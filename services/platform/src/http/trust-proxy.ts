import type Koa from 'koa';

/**
 * Believes X-Forwarded-Proto/-Host/-For only from the `hops` reverse proxies in front of
 * the app (TRUST_PROXY), never from a client talking to it directly. With hops set,
 * `ctx.ip` is the address the outermost trusted proxy saw: Koa keeps only the last
 * `hops` entries of X-Forwarded-For, the ones those proxies appended, so an address a
 * client wrote into the header itself is ignored.
 */
export function trustProxy(app: Koa, hops: number): Koa {
  app.proxy = hops > 0;
  app.maxIpsCount = hops;
  return app;
}
