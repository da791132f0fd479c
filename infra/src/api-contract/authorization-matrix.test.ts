import { randomUUID } from 'node:crypto';
import { API_ROUTES, type ApiRoute, routeKey } from '@reflections/contracts/api-routes';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { signedInAdmin, signedUpMember, type TestSession } from '@reflections/testing/sessions-for-test';
import { eventsByRequest } from './fuzz-evidence';
import { KnownIds } from './known-ids';
import { closeRawRequests, rawRequest } from './raw-request';
import { validSample } from './valid-sample';

/**
 * Every route of the table × every kind of caller × the app's own origin and another one,
 * with a body the route accepts, so that what is refused is refused for who is asking and
 * from where, not for what was sent. A route added to the table is in the matrix at once;
 * a member route with a path id must say whether that id names something only its owner
 * may touch (`pathIdsOwned`), or the matrix fails.
 */
type Caller = 'visitor' | 'owner' | 'other member' | 'admin';
const CALLERS: readonly Caller[] = ['visitor', 'owner', 'other member', 'admin'];
/** Another port of the same host: the same site, not the same origin (the audit's attack). */
const CROSS_ORIGIN = 'http://127.0.0.1:1';
const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);

type Cell = {
  route: string;
  caller: Caller;
  origin: 'same' | 'cross';
  status: number;
  requestId: string;
  expected: string;
  ok: boolean;
  allowOrigin: boolean;
};

/** Routes that sign the caller out or in as someone else go last, so the sessions hold for the others. */
const changesSessions = (route: ApiRoute) =>
  (route.path.startsWith('/api/auth/') && route.method !== 'get') || route.endsSessions === true;

function expectation(
  route: ApiRoute,
  caller: Caller,
  origin: 'same' | 'cross',
): { expected: string; accepts: (status: number) => boolean } {
  const listed = (status: number) => route.errors.includes(status);
  if (origin === 'cross' && UNSAFE.has(route.method))
    return { expected: '403, nothing appended', accepts: (status) => status === 403 };
  if (route.caller !== 'visitor' && caller === 'visitor')
    return { expected: '401', accepts: (status) => status === 401 };
  if (route.caller === 'admin' && caller !== 'admin') return { expected: '403', accepts: (status) => status === 403 };
  // An admin is not the owner either: he moderates through the moderation routes.
  if (route.pathIdsOwned && caller !== 'owner')
    return { expected: '404 or 403 (not his)', accepts: (status) => status === 404 || status === 403 };
  return {
    expected: 'not refused for who he is',
    accepts: (status) => (status < 500 || listed(status)) && ((status !== 401 && status !== 403) || listed(status)),
  };
}

describe('authorization and CSRF matrix', () => {
  let backend: TestBackend;
  const sessions: Partial<Record<Caller, TestSession>> = {};

  beforeAll(async () => {
    backend = await backendForTest({ readYourWritesTimeoutMs: 300 });
    sessions.owner = await signedUpMember(backend);
    sessions['other member'] = await signedUpMember(backend);
    sessions.admin = await signedInAdmin(backend);
  });
  afterAll(async () => {
    closeRawRequests();
    await backend.close();
  });

  it('declares, for every member route with a path id, whether the id names something only its owner may touch', () => {
    const undeclared = API_ROUTES.filter(
      (route) => route.params && route.caller === 'member' && typeof route.pathIdsOwned !== 'boolean',
    ).map(routeKey);
    expect(undeclared).toEqual([]);
  });

  it('refuses each route to exactly the callers and origins it must, and appends nothing when it does', async () => {
    const known = new KnownIds({ userId: sessions.owner!.userId });
    const cells: Cell[] = [];
    let sequence = 0;

    const send = async (route: ApiRoute, caller: Caller, origin: 'same' | 'cross') => {
      const base = route.service === 'command' ? backend.commandUrl : backend.queryUrl;
      const requestId = `fuzz-matrix-${++sequence}`;
      const path = route.path.replace(/:(\w+)/g, (_, name: string) => known.forParam(route.path, name) ?? randomUUID());
      const body = route.body ? Buffer.from(JSON.stringify(route.example ?? validSample(route.body))) : undefined;
      const headers: Record<string, string> = {
        'x-request-id': requestId,
        accept: 'application/json',
        origin: origin === 'same' ? base : CROSS_ORIGIN,
        'idempotency-key': `matrix-${sequence}-${randomUUID()}`,
      };
      if (UNSAFE.has(route.method)) headers['content-type'] = 'application/json';
      const session = sessions[caller];
      if (session) headers.cookie = session.cookie;
      const answer = await rawRequest(base, {
        method: route.method.toUpperCase(),
        path,
        headers,
        body,
        timeoutMs: 30_000,
      });
      if (answer.status < 300 && caller === 'owner') {
        try {
          known.harvest(route.path, JSON.parse(answer.body));
        } catch {
          // not JSON (CSV, Markdown, PDF, a stream): no ids to learn
        }
      }
      const { expected, accepts } = expectation(route, caller, origin);
      cells.push({
        route: routeKey(route),
        caller,
        origin,
        status: answer.status,
        requestId,
        expected,
        ok: accepts(answer.status),
        allowOrigin: 'access-control-allow-origin' in answer.headers,
      });
    };

    // The owner's own creates first, so the other callers meet ids that exist and are his.
    const ordered = [...API_ROUTES.filter((route) => !changesSessions(route)), ...API_ROUTES.filter(changesSessions)];
    for (const route of ordered) if (!changesSessions(route)) await send(route, 'owner', 'same');
    for (const route of ordered) {
      for (const caller of CALLERS) {
        for (const origin of ['same', 'cross'] as const) {
          if (caller === 'owner' && origin === 'same' && !changesSessions(route)) continue;
          await send(route, caller, origin);
          // A sign-out or a registration may have ended this caller's session, and an admin's erasure the owner's: sign in afresh.
          if (changesSessions(route) && caller !== 'visitor')
            sessions[caller] = caller === 'admin' ? await signedInAdmin(backend) : await signedUpMember(backend);
          if (route.endsSessions && caller === 'admin') sessions.owner = await signedUpMember(backend);
        }
      }
    }

    const appended = await eventsByRequest(backend.databaseUrl);
    const wrong = cells.filter(
      (cell) => !cell.ok || (cell.status >= 400 && appended.has(cell.requestId)) || cell.allowOrigin,
    );
    const byStatus = cells.reduce<Record<number, number>>(
      (counts, cell) => ({ ...counts, [cell.status]: (counts[cell.status] ?? 0) + 1 }),
      {},
    );
    console.log(
      `authorization matrix: ${cells.length} cells over ${API_ROUTES.length} routes, ${wrong.length} wrong; answers per status ${JSON.stringify(byStatus)}`,
    );
    expect(
      wrong.map(({ route, caller, origin, status, expected, requestId, allowOrigin }) => ({
        route,
        caller,
        origin,
        status,
        expected,
        appended: appended.get(requestId) ?? 0,
        allowOrigin,
      })),
    ).toEqual([]);
  }, 300_000);
});
