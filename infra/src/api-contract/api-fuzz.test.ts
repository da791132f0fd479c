import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_ROUTES, type ApiCaller, type ApiRoute, routeKey } from '@reflections/contracts/api-routes';
import { ErrorBody } from '@reflections/contracts/validation';
import { errorStatuses } from '@reflections/query/openapi/openapi-document';
import pg from 'pg';
import { backendForTest, type TestBackend } from '../testing/backend-for-test';
import { signedInAdmin, signedUpMember, type TestSession } from '../testing/sessions-for-test';
import { type FuzzCase, fuzzCases } from './fuzz-cases';
import { KNOWN_FAILURES_BEING_FIXED } from './fuzz-known-failures';
import { KnownIds } from './known-ids';
import { closeRawRequests, rawRequest } from './raw-request';

/**
 * Every route of the table, bent every way its codecs suggest, as a visitor, a member and an
 * admin. Fails on any 5xx (or no answer), on any event appended by a refused (4xx) request,
 * and on any accepted event a projector had to park, naming the route and case. Cases are capped so the run stays short; routes that
 * wait for the AI worker get few.
 */
const CASES_PER_ROUTE = 45;
const CASES_PER_AI_ROUTE = 5;
const IN_FLIGHT = 4;
const CALLERS: readonly ApiCaller[] = ['visitor', 'member', 'admin'];

/** `fields` names the fields a 400 refused; `errorBody` is false when a refusal is not the shared error body. */
type Outcome = { route: string; caller: ApiCaller; name: string; requestId: string; status: number | 'no answer'; detail: string; errorBody: boolean; fields: string[] };

function asErrorBody(text: string): ErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return ErrorBody.is(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** A deploy hook that says yes, so POST /api/admin/deploy is fuzzed past its 503 for "no hook configured". */
async function deployHook() {
  const server = http.createServer((request, response) => {
    request.resume();
    response.writeHead(200).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function withDatabase<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Events appended under each fuzz request id (the correlation id every append carries). */
const eventsByRequest = (databaseUrl: string) =>
  withDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: string; count: string }>("SELECT metadata->>'correlationId' AS id, count(*) FROM es_events WHERE metadata->>'correlationId' LIKE 'fuzz-%' GROUP BY 1");
    return new Map(rows.map((row) => [row.id, Number(row.count)]));
  });

/** Events of accepted input that a projector could not apply and parked, with the request that appended them. */
const parkedEvents = (databaseUrl: string) =>
  withDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query<{ projector: string; type: string; error: string; request: string | null }>(
      "SELECT p.projector, p.event_type AS type, p.error_name || ' ' || coalesce(p.error_code, '') AS error, e.metadata->>'correlationId' AS request FROM parked_events p LEFT JOIN es_events e ON e.event_id::text = p.event_id",
    );
    return rows;
  });

async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: size }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

describe('API fuzz', () => {
  let backend: TestBackend;
  let hook: Awaited<ReturnType<typeof deployHook>>;
  const sessions: Partial<Record<ApiCaller, TestSession>> = {};

  beforeAll(async () => {
    hook = await deployHook();
    // A read asked to wait for a position gives up soon: some cases ask for one beyond the log.
    backend = await backendForTest({ command: { deployHookUrl: hook.url }, readYourWritesTimeoutMs: 300 });
    sessions.member = await signedUpMember(backend);
    sessions.admin = await signedInAdmin(backend);
  });
  afterAll(async () => {
    closeRawRequests();
    await backend.close();
    await hook.close();
  });

  /** A case may sign the caller out or in as someone else (logout, register): sign in again when it did. */
  async function keepSignedIn(caller: ApiCaller) {
    const session = sessions[caller];
    if (!session) return;
    const answer = await backend.query.get('/api/auth/user').set('Cookie', session.cookie);
    if (answer.status === 200 && answer.body.id === session.userId) return;
    sessions[caller] = caller === 'admin' ? await signedInAdmin(backend) : await signedUpMember(backend);
  }

  it('answers every bent request without a 5xx and appends no event for a refused one', async () => {
    const outcomes: Outcome[] = [];
    const withoutValidStart: string[] = [];
    let sequence = 0;
    const known = new KnownIds({ userId: sessions.member!.userId });
    const send = async (route: ApiRoute, caller: ApiCaller, fuzz: FuzzCase) => {
      const requestId = `fuzz-${++sequence}-${caller}`;
      const headers: Record<string, string> = { 'x-request-id': requestId, accept: 'application/json' };
      if (sessions[caller]) headers.cookie = sessions[caller]!.cookie;
      if (fuzz.body) headers['content-type'] = fuzz.contentType ?? 'application/json';
      Object.assign(headers, fuzz.headers);
      const base = route.service === 'command' ? backend.commandUrl : backend.queryUrl;
      const outcome: Outcome = { route: routeKey(route), caller, name: fuzz.name, requestId, status: 'no answer', detail: '', errorBody: true, fields: [] };
      try {
        const answer = await rawRequest(base, { method: route.method.toUpperCase(), path: fuzz.path, headers, body: fuzz.body, timeoutMs: 30_000 });
        outcome.status = answer.status;
        if (answer.status < 300 && answer.body.startsWith('{')) known.harvest(route.path, JSON.parse(answer.body));
        if (answer.status >= 500) outcome.detail = answer.body.slice(0, 160);
        if (answer.status >= 400) {
          const error = asErrorBody(answer.body);
          outcome.errorBody = error !== null;
          outcome.fields = Object.keys(error?.fields ?? {});
          if (!error) outcome.detail = answer.body.slice(0, 160);
        }
      } catch (error) {
        outcome.detail = String(error);
      }
      outcomes.push(outcome);
    };

    for (const route of API_ROUTES) {
      for (const caller of CALLERS) {
        // Built anew for each caller: ids handed out meanwhile, and new addresses in email fields.
        const { cases, validBase } = fuzzCases(route, route.callsAi ? CASES_PER_AI_ROUTE : CASES_PER_ROUTE, known);
        if (!validBase && caller === 'visitor') withoutValidStart.push(routeKey(route));
        await inPool(cases, IN_FLIGHT, (fuzz) => send(route, caller, fuzz));
        await keepSignedIn(caller);
      }
    }

    const appended = await eventsByRequest(backend.databaseUrl);
    // What was accepted must also be readable: the read side catches up, and parks nothing.
    const last = (await backend.allEvents()).at(-1)!.position;
    const caughtUp = await backend.runtime.waitFor(last, 30_000);
    const parked = await parkedEvents(backend.databaseUrl);
    const refusedWithEvents = outcomes.filter((o) => typeof o.status === 'number' && o.status >= 400 && o.status < 500 && (appended.get(o.requestId) ?? 0) > 0);
    const serverErrors = outcomes.filter((o) => o.status === 'no answer' || o.status >= 500);

    const byStatus: Record<string, number> = {};
    for (const o of outcomes) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
    const perRoute: Record<string, Record<string, number>> = {};
    for (const o of outcomes) {
      const row = (perRoute[o.route] ??= { requests: 0, '2xx': 0, '4xx': 0, '5xx': 0, 'events on refusal': 0 });
      row.requests++;
      const family = o.status === 'no answer' ? '5xx' : `${String(o.status)[0]}xx`;
      row[family] = (row[family] ?? 0) + 1;
      if (refusedWithEvents.includes(o)) row['events on refusal'] += appended.get(o.requestId)!;
    }
    console.table(perRoute);
    // Statuses a route answered that the table (and so the OpenAPI document) does not name.
    const declared = (route: ApiRoute) => new Set([route.response.status, ...errorStatuses(route)]);
    const undeclared = API_ROUTES.flatMap((route) => {
      const seen = new Set(outcomes.filter((o) => o.route === routeKey(route) && typeof o.status === 'number').map((o) => o.status as number));
      const extra = [...seen].filter((status) => !declared(route).has(status) && !(status >= 200 && status < 300));
      return extra.length > 0 ? [`${routeKey(route)}: ${extra.join(', ')}`] : [];
    });
    if (undeclared.length > 0) console.log(`Statuses answered but not in the route table's errors:\n${undeclared.join('\n')}`);
    console.table(byStatus);
    const eventsFromRefused = refusedWithEvents.reduce((sum, o) => sum + appended.get(o.requestId)!, 0);
    // Events of accepted requests show the attribution by request id works at all.
    const eventsFromAccepted = outcomes.filter((o) => typeof o.status === 'number' && o.status < 300).reduce((sum, o) => sum + (appended.get(o.requestId) ?? 0), 0);
    console.log(
      `API fuzz: ${outcomes.length} requests over ${API_ROUTES.length} routes; ${serverErrors.length} answered 5xx or not at all; ${eventsFromRefused} events appended by ${refusedWithEvents.length} refused requests (${eventsFromAccepted} by accepted ones); ${parked.length} events parked by projectors. Routes without a valid starting body: ${withoutValidStart.join(', ') || 'none'}.`,
    );

    const requestOf = (id: string | null) => outcomes.find((o) => o.requestId === id);
    const notErrorBodies = outcomes.filter((o) => !o.errorBody);
    // A 400 for a bent field should name it; printed, not failed: a route may refuse for another reason first.
    const bentField = (o: Outcome) => /^(\w+): /.exec(o.name)?.[1];
    const unnamed = outcomes.filter((o) => o.status === 400 && bentField(o) && !o.fields.some((field) => field === bentField(o) || field.startsWith(`${bentField(o)}.`)));
    if (unnamed.length > 0) console.log(`400s that do not name the bent field:\n${[...new Set(unnamed.map((o) => `${o.route} | ${o.name} -> ${o.fields.join(', ') || '(none)'}`))].join('\n')}`);
    const findings = [
      ...notErrorBodies.map((o) => ({ key: `${o.route} | ${o.name}`, caller: o.caller, problem: `${o.status} without the shared error body: ${o.detail}` })),
      ...(caughtUp ? [] : [{ key: 'read side | caught up', caller: '-', problem: 'the projectors did not reach the last event within 30 s' }]),
      ...parked.map((p) => ({ key: `${requestOf(p.request)?.route ?? 'unknown route'} | ${requestOf(p.request)?.name ?? p.request}`, caller: requestOf(p.request)?.caller ?? '-', problem: `${p.type} parked by ${p.projector}: ${p.error}` })),
      ...serverErrors.map((o) => ({ key: `${o.route} | ${o.name}`, caller: o.caller, problem: `${o.status} ${o.detail}` })),
      ...refusedWithEvents.map((o) => ({ key: `${o.route} | ${o.name}`, caller: o.caller, problem: `${o.status} but appended ${appended.get(o.requestId)} event(s)` })),
    ];
    const allowed = new Set<string>(KNOWN_FAILURES_BEING_FIXED);
    const unexpected = findings.filter((finding) => !allowed.has(finding.key));
    const stillFailing = new Set(findings.map((finding) => finding.key));
    const fixedSince = KNOWN_FAILURES_BEING_FIXED.filter((key) => !stillFailing.has(key));
    if (findings.length > 0) console.table(findings);
    if (fixedSince.length > 0) console.log(`Allow-listed but passing now (remove from fuzz-known-failures.ts):\n${fixedSince.join('\n')}`);
    expect(unexpected).toEqual([]);
  }, 300_000);
});
