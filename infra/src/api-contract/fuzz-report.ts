import { API_ROUTES, type ApiRoute, routeKey } from '@reflections/contracts/api-routes';
import { errorStatuses } from '@reflections/query/openapi/openapi-document';
import type { ParkedEvent } from './fuzz-evidence';
import type { Outcome } from './fuzz-outcome';

export type Finding = { key: string; caller: string; problem: string };

type Evidence = {
  outcomes: Outcome[];
  appended: Map<string, number>;
  parked: ParkedEvent[];
  caughtUp: boolean;
  withoutValidStart: string[];
};

const isStatus = (o: Outcome, from: number, to: number) =>
  typeof o.status === 'number' && o.status >= from && o.status < to;
const keyOf = (o: Outcome) => `${o.route} | ${o.name}`;

/** Requests, answers per route and per status, events from refused requests: printed as tables. */
function printCounts({ outcomes, appended, parked, withoutValidStart }: Evidence, refusedWithEvents: Outcome[]) {
  const perRoute: Record<string, Record<string, number>> = {};
  const byStatus: Record<string, number> = {};
  for (const o of outcomes) {
    byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
    const row = (perRoute[o.route] ??= { requests: 0, '2xx': 0, '4xx': 0, '5xx': 0, 'events on refusal': 0 });
    row.requests++;
    const family = o.status === 'no answer' ? '5xx' : `${String(o.status)[0]}xx`;
    row[family] = (row[family] ?? 0) + 1;
    if (refusedWithEvents.includes(o)) row['events on refusal'] += appended.get(o.requestId)!;
  }
  console.table(perRoute);
  console.table(byStatus);
  const eventsFrom = (some: Outcome[]) => some.reduce((sum, o) => sum + (appended.get(o.requestId) ?? 0), 0);
  // Events of accepted requests show that counting by request id works at all.
  const accepted = outcomes.filter((o) => isStatus(o, 200, 300));
  const failed = outcomes.filter((o) => o.status === 'no answer' || isStatus(o, 500, 600)).length;
  console.log(
    `API fuzz: ${outcomes.length} requests over ${API_ROUTES.length} routes; ${failed} answered 5xx or not at all; ${eventsFrom(refusedWithEvents)} events appended by ${refusedWithEvents.length} refused requests (${eventsFrom(accepted)} by accepted ones); ${parked.length} events parked by projectors; ${outcomes.filter((o) => o.checked).length} successes checked against their response codec. Routes without a valid starting body: ${withoutValidStart.join(', ') || 'none'}.`,
  );
}

/** What the table (and so the OpenAPI document) should say better: printed, not failed. */
function printDrift(outcomes: Outcome[]) {
  const declared = (route: ApiRoute) => new Set([route.response.status, ...errorStatuses(route)]);
  const undeclared = API_ROUTES.flatMap((route) => {
    const seen = new Set(
      outcomes.filter((o) => o.route === routeKey(route) && isStatus(o, 300, 600)).map((o) => o.status as number),
    );
    const extra = [...seen].filter((status) => !declared(route).has(status));
    return extra.length > 0 ? [`${routeKey(route)}: ${extra.join(', ')}`] : [];
  });
  if (undeclared.length > 0)
    console.log(`Statuses answered but not in the route table's errors:\n${undeclared.join('\n')}`);
  // A route may refuse for another reason before it reads the bent field, so this is a hint.
  const bentField = (o: Outcome) => /^(\w+): /.exec(o.name)?.[1];
  const unnamed = outcomes.filter(
    (o) =>
      o.status === 400 &&
      bentField(o) &&
      !o.fields.some((field) => field === bentField(o) || field.startsWith(`${bentField(o)}.`)),
  );
  if (unnamed.length > 0)
    console.log(
      `400s that do not name the bent field:\n${[...new Set(unnamed.map((o) => `${keyOf(o)} -> ${o.fields.join(', ') || '(none)'}`))].join('\n')}`,
    );
}

/**
 * Prints the counts and returns what must not happen: a 5xx or no answer, an event appended by
 * a refused (4xx) request, an event a projector parked, a read side that does not catch up,
 * a refusal without the shared error body, a success unlike the table's response codec.
 */
export function reportFuzzRun(evidence: Evidence): Finding[] {
  const { outcomes, appended, parked, caughtUp } = evidence;
  const refusedWithEvents = outcomes.filter((o) => isStatus(o, 400, 500) && (appended.get(o.requestId) ?? 0) > 0);
  printCounts(evidence, refusedWithEvents);
  printDrift(outcomes);
  const requestOf = (id: string | null) => outcomes.find((o) => o.requestId === id);
  return [
    ...outcomes
      .filter((o) => o.status === 'no answer' || isStatus(o, 500, 600))
      .map((o) => ({ key: keyOf(o), caller: o.caller, problem: `${o.status} ${o.detail}` })),
    ...refusedWithEvents.map((o) => ({
      key: keyOf(o),
      caller: o.caller,
      problem: `${o.status} but appended ${appended.get(o.requestId)} event(s)`,
    })),
    ...parked.map((p) => {
      const o = requestOf(p.request);
      return {
        key: o ? keyOf(o) : `unknown request ${p.request}`,
        caller: o?.caller ?? '-',
        problem: `${p.type} parked by ${p.projector}: ${p.error}`,
      };
    }),
    ...(caughtUp
      ? []
      : [
          {
            key: 'read side | caught up',
            caller: '-',
            problem: 'the projectors did not reach the last event within 30 s',
          },
        ]),
    ...outcomes
      .filter((o) => !o.errorBody)
      .map((o) => ({
        key: keyOf(o),
        caller: o.caller,
        problem: `${o.status} without the shared error body: ${o.detail}`,
      })),
    ...outcomes
      .filter((o) => o.unlikeContract)
      .map((o) => ({
        key: keyOf(o),
        caller: o.caller,
        problem: `${o.status} unlike the table's response codec: ${o.unlikeContract}`,
      })),
  ];
}
