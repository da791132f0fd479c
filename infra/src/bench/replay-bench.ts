import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { currentSchemaVersion } from '@reflections/contracts/event-schemas';
import { MOODS } from '@reflections/contracts/rai';
import type { EventToAppend } from '@reflections/platform/event-store/event-store';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { openReadModels } from '@reflections/query/infra/orm';
import { ProjectionRebuild } from '@reflections/query/infra/projection-rebuild';
import { eventTypesOf, type Projector } from '@reflections/query/infra/projector';
import { PROJECTORS } from '@reflections/query/projections';
import { REPORT_PROJECTORS } from '@reflections/query/reports/reports';
import { ensureDatabase, postgresUrl, type RunningPostgres } from '../embedded/postgres';

const EVENTS = Number(process.env.BENCH_REPLAY_EVENTS) || 100_000;
/** Per member: registration, 7 sign-ins, 6 entries with RAI's replies: 20 events. */
const EVENTS_PER_MEMBER = 20;
const DAY = 86_400_000;

const event = (type: string, data: unknown, causedBy: string | null): EventToAppend => ({
  id: randomUUID(),
  type,
  data,
  metadata: { causedBy, correlationId: 'replay-bench', schemaVersion: currentSchemaVersion(type) },
});

function member(index: number): EventToAppend[] {
  const userId = randomUUID();
  const joined = Date.UTC(2026, 0, 1) + (index % 180) * DAY;
  const at = (days: number) => new Date(joined + days * DAY).toISOString();
  const answers = { gender: 'Male', age: '32–40', innerLandscape: ['calm', 'storm', 'fog'][index % 3], voiceInHead: 'critic', presenceInRoom: 'smooth', returnToSelf: ['nature', 'breath'].slice(0, 1 + (index % 2)), seeking: 'calm', emotionRegulation: 'push-down', wishOthersKnew: 'w', futureMessage: 'f', invisibleWeight: 'providing', innerStrength: 'loyalty', emotionalWall: 'burden', peaceMeans: 'quiet-mind', coreDrive: 'harmony' };
  const events = [
    event('UserRegistered', { userId, email: `${userId}@bench.test`, firstName: 'Bench', lastName: '', passwordHash: 'x', answers, archetype: 'warrior', membershipType: 'free', registeredAt: at(0), registeredVia: 'journey' }, null),
    ...Array.from({ length: 7 }, (_, i) => event('UserLoggedIn', { userId, at: at(i * 5) }, userId)),
  ];
  for (let i = 0; i < 6; i++) {
    const entryId = randomUUID();
    events.push(event('JournalEntrySubmitted', { entryId, userId, source: 'rai-chat', text: 'A long week.', prompt: null, mood: i % 2 ? MOODS[(index + i) % MOODS.length] : null, submittedAt: at(i * 6) }, userId));
    events.push(event('RaiReplyGenerated', { entryId, userId, reply: 'I hear you.', mood: MOODS[(index * 7 + i) % MOODS.length], insights: [], responder: 'offline', crisis: false, generatedAt: at(i * 6) }, null));
  }
  return events;
}

/** The anchor: the same events, in the same order, through one plain SQL cursor and nothing else. */
async function rawRead(databaseUrl: string, eventTypes: readonly string[] | null): Promise<{ events: number; perSecond: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    await client.query('BEGIN');
    await client.query(
      `DECLARE replay_anchor NO SCROLL CURSOR FOR
         SELECT transaction_id::text, sequence, event_id, stream_name, stream_revision, event_type, data, metadata, created_at
           FROM es_events WHERE ($1::text[] IS NULL OR event_type = ANY($1::text[])) ORDER BY transaction_id, sequence`,
      [eventTypes],
    );
    let events = 0;
    for (;;) {
      const { rowCount } = await client.query('FETCH 4000 FROM replay_anchor');
      if (!rowCount) break;
      events += rowCount;
    }
    await client.query('COMMIT');
    return { events, perSecond: events / ((performance.now() - started) / 1000) };
  } finally {
    await client.end();
  }
}

/**
 * `npm run bench`, replay: every report and every projection with batch hooks, rebuilt from position 0 over
 * 100,000 generated events (fresh tables, swapped in), beside the raw rate of reading the
 * events it reads with one SQL cursor, in the same run.
 */
export async function replayBench(server: RunningPostgres): Promise<void> {
  await ensureDatabase(postgresUrl(server, 'postgres'), 'replay');
  const databaseUrl = postgresUrl(server, 'replay');
  const store = await PostgresEventStore.connect({ connectionString: databaseUrl });
  const orm = await openReadModels(databaseUrl);
  try {
    const members = Math.ceil(EVENTS / EVENTS_PER_MEMBER);
    for (let first = 0; first < members; first += 25) {
      const events = Array.from({ length: Math.min(25, members - first) }, (_, i) => member(first + i)).flat();
      await store.appendToStream(`bench-replay-${first}`, events);
    }
    // Projectors without batch hooks make round trips per event; they are named, not timed.
    const batchAware = (projector: Projector) => Boolean(projector.beforeBatch || projector.afterBatch);
    const targets: Projector[] = [...PROJECTORS, ...REPORT_PROJECTORS].filter(batchAware);
    const perEvent = PROJECTORS.filter((projector) => !batchAware(projector)).map((projector) => projector.name);
    // Warm-up, untimed: statements planned, code paths compiled.
    await new ProjectionRebuild(orm, store, targets[0]).run();

    console.log(`\nReplay from position 0 over ${(members * EVENTS_PER_MEMBER).toLocaleString('en')} generated events (target ≥ 30,000 events/s)\n`);
    console.log('| projection or report | events read | replay (fresh tables, swapped in) | raw SQL cursor, same events | replay / raw |');
    console.log('|---|---|---|---|---|');
    for (const projector of targets) {
      let done = 0;
      const started = performance.now();
      await new ProjectionRebuild(orm, store, projector).run({ onProgress: (p) => (done = p.done) });
      const replayRate = done / ((performance.now() - started) / 1000);
      const raw = await rawRead(databaseUrl, eventTypesOf(projector));
      console.log(`| ${projector.name} | ${done.toLocaleString('en')} | ${Math.round(replayRate).toLocaleString('en')} events/s | ${Math.round(raw.perSecond).toLocaleString('en')} events/s | ${(replayRate / raw.perSecond).toFixed(2)} |`);
    }
    if (perEvent.length > 0) console.log(`\nNot timed (no batch hooks, one round trip per event or more): ${perEvent.join(', ')}.`);
  } finally {
    await orm.close();
    await store.close();
  }
}
