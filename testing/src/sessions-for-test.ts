import { randomUUID } from 'node:crypto';
import { parsePosition } from '@reflections/contracts/position';
import { createAdmin } from '@reflections/command/auth/create-admin';
import { registration, type TestBackend } from './backend-for-test';

/** An admin made the way `npm run admin:create` makes one, for tests of services that may not import the command service. */
export { createAdmin };

export type TestSession = { userId: string; email: string; cookie: string; position: string };

/** The read models know the session's user before a test reads as them, as the SPA's X-Min-Position would ensure. */
async function projected(backend: TestBackend, session: TestSession): Promise<TestSession> {
  await backend.runtime.waitFor(parsePosition(session.position)!, 10_000);
  return session;
}

const cookieOf = (response: { headers: Record<string, unknown> }) =>
  (response.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');

/** A freshly registered member, signed in. */
export async function signedUpMember(
  backend: TestBackend,
  overrides: Record<string, unknown> = {},
): Promise<TestSession> {
  const payload = registration(overrides);
  const response = await backend.command.post('/api/auth/register').send(payload).expect(201);
  return projected(backend, {
    userId: response.body.user.id,
    email: payload.email as string,
    cookie: cookieOf(response),
    position: response.headers['x-position'],
  });
}

/** An admin made the way `npm run admin:create` makes one, signed in. */
export async function signedInAdmin(backend: TestBackend, firstName = 'Ada'): Promise<TestSession> {
  const email = `admin-${randomUUID()}@example.com`;
  const password = 'a long admin passphrase';
  const { userId } = await createAdmin(backend.eventStore, { email, password, firstName });
  const response = await backend.command.post('/api/auth/login').send({ email, password }).expect(200);
  return projected(backend, { userId, email, cookie: cookieOf(response), position: response.headers['x-position'] });
}
