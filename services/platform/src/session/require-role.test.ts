import Koa from 'koa';
import supertest from 'supertest';
import { errorMiddleware } from '../http/error-middleware';
import { type ActingUser, requireRole } from './require-role';

const USERS: Record<string, ActingUser> = { m1: { id: 'm1', role: 'member' }, a1: { id: 'a1', role: 'admin' } };

/** A route behind the guard, answering with whom it let through; the session is faked by a header at the test's edge. */
function appGuardedBy(role: 'member' | 'admin') {
  const app = new Koa();
  app.use(errorMiddleware());
  app.use(async (ctx, next) => {
    const userId = ctx.get('x-test-user');
    ctx.session = (userId ? { userId } : null) as never;
    await next();
  });
  app.use(requireRole(role, async (userId) => USERS[userId] ?? null));
  app.use((ctx) => {
    ctx.body = { actingUser: ctx.state.actingUser };
  });
  return supertest(app.callback());
}

describe('requireRole', () => {
  it('answers 401 to someone signed out, or signed in as a user the service does not know', async () => {
    await appGuardedBy('member').get('/').expect(401);
    await appGuardedBy('member').get('/').set('x-test-user', 'gone').expect(401);
  });

  it('answers 403 to a member where an admin is required', async () => {
    await appGuardedBy('admin').get('/').set('x-test-user', 'm1').expect(403);
  });

  it('lets the right role through, with the user it found', async () => {
    expect((await appGuardedBy('member').get('/').set('x-test-user', 'm1').expect(200)).body).toEqual({
      actingUser: USERS.m1,
    });
    expect((await appGuardedBy('member').get('/').set('x-test-user', 'a1').expect(200)).body).toEqual({
      actingUser: USERS.a1,
    });
    expect((await appGuardedBy('admin').get('/').set('x-test-user', 'a1').expect(200)).body).toEqual({
      actingUser: USERS.a1,
    });
  });
});
