import type { Middleware } from 'koa';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { forbidden, unauthorized } from '@reflections/platform/http/http-error';
import { signedInUserId } from '@reflections/platform/session/session-middleware';
import { loadUser } from '../auth/identity-store';

declare module 'koa' {
  interface DefaultState {
    /** The signed-in user whose role a guard checked. */
    actingUserId?: string;
  }
}

/** Signed out: 401. Signed in: the role comes from the user's own stream, the source of truth. */
export function signedIn(store: EventStore, role: 'member' | 'admin'): Middleware {
  return async function requireRole(ctx, next) {
    const userId = signedInUserId(ctx);
    if (!userId) throw unauthorized();
    const { state } = await loadUser(store, userId);
    if (state.status !== 'registered') throw unauthorized();
    if (role === 'admin' && state.role !== 'admin') throw forbidden();
    ctx.state.actingUserId = userId;
    await next();
  };
}

export const adminOnly = (store: EventStore) => signedIn(store, 'admin');
