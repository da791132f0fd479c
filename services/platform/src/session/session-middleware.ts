import type Koa from 'koa';
import session from 'koa-session';
import type { PostgresSessionStore } from './postgres-session-store';
import { rememberingKeygrip } from './remembering-keygrip';
import { DEFAULT_SESSION_LIFETIME, type SessionLifetime, sessionLifetime } from './session-lifetime';

export const SESSION_COOKIE = 'reflections.sid';

declare module 'koa' {
  interface DefaultState {
    userId?: string;
  }
}

/**
 * The one session both services read. Cookies are httpOnly and SameSite=Lax; koa-session
 * makes them Secure when the request came over TLS (behind a proxy, only when TRUST_PROXY
 * lets the app believe X-Forwarded-Proto: see trust-proxy.ts).
 */
export function sessionMiddleware(
  app: Koa,
  options: { keys: string[]; store: PostgresSessionStore; lifetime?: SessionLifetime },
): Koa.Middleware {
  app.keys = rememberingKeygrip(options.keys);
  const lifetime = options.lifetime ?? DEFAULT_SESSION_LIFETIME;
  const limits = sessionLifetime(lifetime);
  const sessions = session(
    {
      key: SESSION_COOKIE,
      // The idle limit; sessionLifetime moves it along with use and ends the session at the absolute one.
      maxAge: lifetime.idleMs,
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      rolling: false,
      renew: false,
      store: {
        get: (key: string) => options.store.get(key),
        set: (key: string, value: Record<string, unknown>, maxAge: number) => options.store.set(key, value, maxAge),
        destroy: (key: string) => options.store.destroy(key),
      },
    } as unknown as Parameters<typeof session>[0],
    app,
  );
  return (ctx, next) => sessions(ctx, () => limits(ctx, next));
}

export function signedInUserId(ctx: Koa.Context): string | null {
  const userId = ctx.session?.userId;
  return typeof userId === 'string' ? userId : null;
}
