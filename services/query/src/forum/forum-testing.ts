import type { Response } from 'supertest';
import { formatPosition, laterPosition, parsePosition, type Position, START } from '@reflections/contracts/position';
import { createAdmin } from '@reflections/testing/sessions-for-test';
import { registration, type TestBackend } from '@reflections/testing/backend-for-test';

export type Member = { id: string; firstName: string; cookie: string };

const cookieOf = (response: Response) =>
  ((response.headers['set-cookie'] ?? []) as unknown as string[]).map((c) => c.split(';')[0]).join('; ');

/**
 * Drives the forum as members do: every write's X-Position is remembered and sent as
 * X-Min-Position on reads, so a read always sees the writes before it.
 */
export function forumDriver(backend: TestBackend) {
  let seen: Position = START;
  const track = (response: Response) => {
    const position = parsePosition(response.headers['x-position']);
    if (position) seen = laterPosition(seen, position);
    return response;
  };
  const withCookie = <T extends { set: (name: string, value: string) => T }>(request: T, who: Member | null) =>
    who ? request.set('Cookie', who.cookie) : request;

  return {
    async member(firstName = 'Sam', overrides: Record<string, unknown> = {}): Promise<Member> {
      const response = track(
        await backend.command
          .post('/api/auth/register')
          .send(registration({ firstName, ...overrides }))
          .expect(201),
      );
      return { id: response.body.user.id, firstName, cookie: cookieOf(response) };
    },
    async admin(firstName = 'Ada'): Promise<Member> {
      const email = `admin+${Math.random().toString(36).slice(2)}@example.com`;
      const { userId } = await createAdmin(backend.eventStore, {
        email,
        password: 'a long admin passphrase',
        firstName,
      });
      const login = track(
        await backend.command.post('/api/auth/login').send({ email, password: 'a long admin passphrase' }).expect(200),
      );
      return { id: userId, firstName, cookie: cookieOf(login) };
    },
    post: async (who: Member | null, path: string, body: unknown = {}) =>
      track(await withCookie(backend.command.post(path), who).send(body as object)),
    del: async (who: Member | null, path: string) => track(await withCookie(backend.command.delete(path), who)),
    patch: async (who: Member | null, path: string, body: unknown = {}) =>
      track(await withCookie(backend.command.patch(path), who).send(body as object)),
    put: async (who: Member | null, path: string, body: unknown = {}) =>
      track(await withCookie(backend.command.put(path), who).send(body as object)),
    get: (who: Member | null, path: string) =>
      withCookie(backend.query.get(path), who).set('X-Min-Position', formatPosition(seen)),
  };
}

export type ForumDriver = ReturnType<typeof forumDriver>;

export const campfirePost = (overrides: Record<string, unknown> = {}) => ({
  title: 'Learning to ask for help',
  content: 'It took me years to say out loud that I was struggling.',
  categoryId: 1,
  isAnonymous: false,
  ...overrides,
});

export const responderPost = (overrides: Record<string, unknown> = {}) => ({
  title: 'Night shift sleep',
  content: 'How do you wind down after a bad call at 4am?',
  category: 'sleep-disorders',
  isAnonymous: false,
  ...overrides,
});
