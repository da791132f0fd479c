import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { READ_MODELS } from '@reflections/contracts/admin';
import { NOTIFICATION_LIST_SIZE } from '@reflections/contracts/forum-notifications';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import * as readModel from '@reflections/query/forum/forum-notifications-read-model';
import { ProjectionRebuild } from '@reflections/query/projection-engine/projection-rebuild';
import { openReadModels, PROJECTORS } from '@reflections/query/projections';
import { ensureDatabase, postgresUrl, type RunningPostgres } from '../embedded/postgres';
import { replayBenchLog } from './replay-events';
import { runBenchPart } from './run-bench-part';

const EVENTS = Number(process.env.BENCH_NOTIFICATION_EVENTS) || 100_000;
/** `BENCH_EXPLAIN=1`: the query plans of the list and the unread count for the busiest member. */
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
/**
 * `BENCH_HEAVY_AUTHOR=1`: one member wrote every post, so he is told of every reply (thousands
 * of notifications to sort for his list), the same under either way of storing them.
 */
const HEAVY_AUTHOR = process.env.BENCH_HEAVY_AUTHOR === '1' ? randomUUID() : null;
const MEMBERS = 200;
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values: readonly number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * Issue 29: the notification reads (GET /api/forum/notifications's list and count, and the
 * live hub's counts of many members in one statement) over the replay bench's log, projected.
 */
export async function notificationReadsBench(server: RunningPostgres): Promise<void> {
  await ensureDatabase(postgresUrl(server, 'postgres'), 'notification_reads');
  const databaseUrl = postgresUrl(server, 'notification_reads');
  const store = await PostgresEventStore.connect({ connectionString: databaseUrl });
  for (const [index, life] of replayBenchLog(EVENTS).entries())
    await store.appendToStream(
      `bench-notifications-${index}`,
      HEAVY_AUTHOR
        ? life.map((e) =>
            e.type === 'PostCreated'
              ? { ...e, data: { ...(e.data as Record<string, unknown>), authorId: HEAVY_AUTHOR } }
              : e,
          )
        : life,
    );
  const orm = await openReadModels(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const needed: string[] = [READ_MODELS.users, READ_MODELS.forum, READ_MODELS.forumNotifications];
    for (const projector of PROJECTORS.filter((p) => needed.includes(p.name)))
      await new ProjectionRebuild(orm, store, projector).run();
    await client.query('ANALYZE');
    const { rows: members } = await client.query<{ member_id: string; threads: number }>(
      'SELECT author_id AS member_id, count(DISTINCT post_id)::int AS threads FROM forum_replies GROUP BY author_id ORDER BY 2 DESC, 1',
    );
    const busiest = HEAVY_AUTHOR ? { member_id: HEAVY_AUTHOR, threads: 0 } : members[0];
    const sample = members
      .filter((_, i) => i % Math.max(1, Math.floor(members.length / MEMBERS)) === 0)
      .slice(0, MEMBERS);
    const reads = readModel.forumNotificationsReadModel(orm);
    for (const { member_id } of sample.slice(0, 20)) await reads.list(member_id); // warm-up
    const lists = [];
    for (const { member_id } of sample) lists.push(await timed(() => reads.list(member_id)));
    const busiestLists = [];
    for (let i = 0; i < 20; i++) busiestLists.push(await timed(() => reads.list(busiest.member_id)));
    const counts = [];
    for (let i = 0; i < 20; i++) counts.push(await timed(() => reads.unreadCounts(sample.map((m) => m.member_id))));
    const { rows: sizes } = await client.query<{ replies: number; threads: number }>(
      'SELECT (SELECT count(*)::int FROM forum_replies) AS replies, (SELECT count(*)::int FROM forum_posts) AS threads',
    );
    const ms = (value: number) => value.toFixed(2);
    console.log(
      `\nNotification reads over ${EVENTS.toLocaleString('en')} events (${members.length.toLocaleString('en')} members who replied, ${sizes[0].threads.toLocaleString('en')} threads, ${sizes[0].replies.toLocaleString('en')} replies; ${HEAVY_AUTHOR ? 'one member wrote every post' : `busiest member replied in ${busiest.threads} threads`})\n`,
    );
    console.log('| read | median ms | p95 ms |');
    console.log('|---|---|---|');
    console.log(
      `| list + unread of one member (${sample.length} members) | ${ms(median(lists))} | ${ms(percentile(lists, 0.95))} |`,
    );
    console.log(
      `| list + unread of the busiest member (20×) | ${ms(median(busiestLists))} | ${ms(percentile(busiestLists, 0.95))} |`,
    );
    console.log(
      `| unread counts of ${sample.length} members in one statement (20×) | ${ms(median(counts))} | ${ms(percentile(counts, 0.95))} |`,
    );
    const plans = (readModel as { NOTIFICATION_READS_FOR_PLANS?: Record<string, string> }).NOTIFICATION_READS_FOR_PLANS;
    if (EXPLAIN && plans)
      for (const [name, sql] of Object.entries(plans)) {
        const params = name === 'list' ? [busiest.member_id, NOTIFICATION_LIST_SIZE] : [busiest.member_id];
        const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
        console.log(`\n${name}, busiest member:\n${rows.map((row) => row['QUERY PLAN']).join('\n')}`);
      }
  } finally {
    await client.end();
    await orm.close();
    await store.close();
  }
}

if (require.main === module) runBenchPart('notification-reads', notificationReadsBench);
