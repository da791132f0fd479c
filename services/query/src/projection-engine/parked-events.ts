import type { EntityManager } from '@mikro-orm/postgresql';
import type { ParkedEventsSummary } from '@reflections/contracts/admin';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';
import { safeError } from '@reflections/platform/log/safe-error';
import { boundQuery } from './bound-query';

/** An event that failed however often it was tried alone: parked, so the projector can move past it. */
export type Failure = {
  readonly event: RecordedEvent;
  readonly error: unknown;
  readonly attempts: number;
  readonly firstFailedAt: Date;
};

/** A parked event as operators see it: where and what, never the event's data. */
export type ParkedEvent = {
  readonly projector: string;
  readonly position: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly error: string;
  readonly attempts: number;
  readonly firstFailedAt: string;
  readonly parkedAt: string;
};

/** Enough to recognise the error; a handler's own message may quote what it was given. */
const MESSAGE_LIMIT = 300;

/** SQLSTATE classes (PostgreSQL's appendix A) a projector may meet. */
const SQLSTATE_CLASSES: Readonly<Record<string, string>> = {
  '22': 'data exception',
  '23': 'integrity constraint violation',
  '25': 'invalid transaction state',
  '40': 'transaction rollback',
  '42': 'syntax error or access rule violation',
  '53': 'insufficient resources',
  '54': 'program limit exceeded',
  '55': 'object not in prerequisite state',
  '57': 'operator intervention',
  XX: 'internal error',
};

type Described = { name: string; code: string | null; message: string };

const field = (fields: Record<string, unknown>, name: string) =>
  typeof fields[name] === 'string' && fields[name] !== '' ? (fields[name] as string) : null;

/** The SQLSTATE of a PostgreSQL error (as node-postgres or MikroORM hands it over), or null for any other error. */
export function sqlStateOf(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const fields = error as unknown as Record<string, unknown>;
  const code = field(fields, 'sqlState') ?? (field(fields, 'severity') ? field(fields, 'code') : null);
  return code && /^[0-9A-Z]{5}$/.test(code) ? code : null;
}

/**
 * A database error by its SQLSTATE and the schema names PostgreSQL reports (table, column,
 * constraint): never its message, into which MikroORM folds the query with its values
 * (a query over several lines defeats any attempt to cut them out), nor its detail or where.
 */
function describeDatabaseError(error: Error, code: string, fields: Record<string, unknown>): Described {
  const [table, column, constraint, type] = ['table', 'column', 'constraint', 'dataType'].map((name) =>
    field(fields, name),
  );
  const where = [
    table && `on ${table}${column ? `.${column}` : ''}`,
    constraint && `constraint ${constraint}`,
    type && `type ${type}`,
  ]
    .filter(Boolean)
    .join(', ');
  return {
    name: error.name,
    code,
    message: `${SQLSTATE_CLASSES[code.slice(0, 2)] ?? 'database error'} (SQLSTATE ${code})${where ? ` ${where}` : ''}`,
  };
}

/**
 * What of a failure is stored and logged: a database error as above; any other error by its
 * name and message as `safeError` keeps them, without what they quote, truncated (handlers
 * name events by id and type, as `dataOf` does, never by their data).
 */
export function describeFailure(error: unknown): Described {
  const code = sqlStateOf(error);
  if (code && error instanceof Error)
    return describeDatabaseError(error, code, error as unknown as Record<string, unknown>);
  const safe = safeError(error);
  // What a message quotes (JSON.parse's excerpt, a value a check refused) may be the event's text.
  const unquoted = safe.message.replace(/(["'`])(?:(?!\1)[^\n])*\1/g, '$1…$1');
  const message = unquoted.length > MESSAGE_LIMIT ? `${unquoted.slice(0, MESSAGE_LIMIT - 1)}…` : unquoted;
  return { name: safe.name.slice(0, 100), code: safe.code?.slice(0, 20) ?? null, message };
}

/** One line for the log, naming the event but never quoting it. */
export function parkedLine(projector: string, failure: Failure): string {
  const { name, code, message } = describeFailure(failure.error);
  const { position } = failure.event;
  return `[projector ${projector}] parked event ${failure.event.id} (${failure.event.type}) at ${position.commit}:${position.prepare} after ${failure.attempts} attempts: ${name}${code ? ` ${code}` : ''}: ${message}`;
}

/** Reported through the runtime's `onError` when an event is parked. */
export class EventParked extends Error {
  constructor(projector: string, failure: Failure) {
    super(parkedLine(projector, failure));
    this.name = 'EventParked';
  }
}

/** Records parked events, in the caller's transaction (the one that moves the projector past them). */
export async function park(em: EntityManager, projector: string, failures: readonly Failure[]): Promise<void> {
  for (const failure of failures) {
    const { name, code, message } = describeFailure(failure.error);
    const { position, id, type } = failure.event;
    await boundQuery(
      em,
      `INSERT INTO parked_events (projector, commit_position, prepare_position, event_id, event_type, error_name, error_code, error_message, attempts, first_failed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (projector, commit_position, prepare_position) DO UPDATE SET error_name = excluded.error_name, error_code = excluded.error_code,
         error_message = excluded.error_message, attempts = parked_events.attempts + excluded.attempts, parked_at = now()`,
      [
        projector,
        String(position.commit),
        String(position.prepare),
        id,
        type,
        name,
        code,
        message,
        String(failure.attempts),
        failure.firstFailedAt.toISOString(),
      ],
    );
  }
}

/** Forgets a projector's parked events: a rebuild that swaps in has retried every one of them. */
export async function clearParked(em: EntityManager, projector: string): Promise<void> {
  await em.execute('DELETE FROM parked_events WHERE projector = ?', [projector], 'run');
}

const TIME = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Every parked event, oldest position first within each projector. */
export async function listParked(em: EntityManager): Promise<ParkedEvent[]> {
  const rows = await em.execute<
    {
      projector: string;
      position: string;
      event_id: string;
      event_type: string;
      error_name: string;
      error_code: string | null;
      error_message: string;
      attempts: number;
      first_failed_at: string;
      parked_at: string;
    }[]
  >(
    `SELECT projector, commit_position::text || ':' || prepare_position::text AS position, event_id, event_type, error_name, error_code, error_message, attempts,
            ${TIME('first_failed_at')} AS first_failed_at, ${TIME('parked_at')} AS parked_at
       FROM parked_events ORDER BY projector, commit_position, prepare_position`,
  );
  return rows.map((row) => ({
    projector: row.projector,
    position: row.position,
    eventId: row.event_id,
    eventType: row.event_type,
    error: `${row.error_name}${row.error_code ? ` ${row.error_code}` : ''}: ${row.error_message}`,
    attempts: row.attempts,
    firstFailedAt: row.first_failed_at,
    parkedAt: row.parked_at,
  }));
}

/** Per projector with parked events: how many, and the type and time of the latest parked. */
export async function parkedSummary(em: EntityManager): Promise<ParkedEventsSummary[]> {
  const rows = await em.execute<{ projector: string; count: number; latest_type: string; latest_at: string }[]>(
    `SELECT DISTINCT ON (projector) projector, count(*) OVER (PARTITION BY projector)::int AS count, event_type AS latest_type, ${TIME('parked_at')} AS latest_at
       FROM parked_events ORDER BY projector, parked_at DESC, commit_position DESC, prepare_position DESC`,
  );
  return rows.map((row) => ({
    projector: row.projector,
    count: row.count,
    latestType: row.latest_type,
    latestAt: row.latest_at,
  }));
}
