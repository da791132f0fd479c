import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ReadModelName } from '@reflections/contracts/admin';
import type { EventToAppend } from '@reflections/platform/event-store/event-store';
import type { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { ProjectionRebuild } from '../projection-engine/projection-rebuild';
import { ProjectorRuntime } from '../projection-engine/projector-runtime';
import { generateEventLog, settledLog, streamOf } from '../testing/generated-events';
import { postCreated } from '../testing/forum-events';
import { rowsOf, rowsProjectedOneByOne } from '../testing/rebuild-comparison';
import { useStoreAndReadModels } from '../testing/store-and-read-models';
import { type Report, reportProjector } from './report';
import { REPORTS } from './reports';

/** Pages of every size, the rows held to the end or past their limit midway. */
const REBUILDS: readonly { holdLimit?: number; batchSize?: number }[] = [
  {},
  { batchSize: 7 },
  { holdLimit: 25 },
  { holdLimit: 25, batchSize: 7 },
];

describe('rebuilding a report, its rows held in memory from page to page and copied in once', () => {
  let store: PostgresEventStore;
  let orm: MikroORM;
  useStoreAndReadModels((fresh) => ({ store, orm } = fresh));

  it('leaves the rows live projection leaves, whether it holds every row to the end or outgrows its limit midway', async () => {
    const log = generateEventLog({ appends: 400, seed: 31 });
    const runtime = new ProjectorRuntime(orm, store);
    await runtime.start(REPORTS.map((report) => reportProjector(report)));
    try {
      for (const group of log) await store.appendToStream(streamOf(group), group);
      const [last] = (await settledLog(store, log.flat().length)).slice(-1);
      expect(await runtime.waitFor(last.position, 30_000)).toBe(true);
    } finally {
      await runtime.stop();
    }
    for (const report of REPORTS) {
      const live = await rowsOf(orm, reportProjector(report));
      expect(Object.values(live).some((rows) => rows.length > 0)).toBe(true);
      for (const { holdLimit, batchSize } of REBUILDS) {
        await new ProjectionRebuild(orm, store, reportProjector(report, holdLimit)).run({ batchSize });
        expect({
          report: report.name,
          holdLimit,
          batchSize,
          tables: await rowsOf(orm, reportProjector(report)),
        }).toEqual({ report: report.name, holdLimit, batchSize, tables: live });
      }
    }
  });

  /** A report that keeps each post's author and title: an author that is not a UUID fails its row. */
  const titles: Report = {
    name: 'test-post-titles' as ReadModelName,
    title: 'Titles',
    description: 'Each post title, for this test.',
    tables: {
      test_post_titles: {
        columns: { post_id: 'uuid', author_id: 'uuid', title: 'text' },
        key: ['post_id'],
        combine: 'latest',
      },
      test_title_counts: { columns: { title: 'text', posts: 'integer' }, key: ['title'], combine: 'sum' },
    },
    handlers: {
      PostCreated: (rows, event) => {
        const { postId, authorId, title } = event.data as { postId: string; authorId: string; title: string };
        rows.add('test_post_titles', { post_id: postId, author_id: authorId, title });
        rows.add('test_title_counts', { title: title.slice(0, 3), posts: 1 });
      },
    },
    view: { sql: 'SELECT * FROM test_post_titles', columns: [], chart: null },
    privacy: { peopleCounts: [] },
  };

  it('parks an event whose row the database refuses, as live projection does, and keeps every other row', async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 9, minute)).toISOString();
    const events: EventToAppend[] = Array.from({ length: 30 }, (_, i) =>
      postCreated(randomUUID(), randomUUID(), at(i), { title: `Thread ${i % 4}` }),
    );
    const refused = randomUUID();
    events.splice(17, 0, postCreated(refused, 'not-a-member-id', at(40), { title: 'Thread 9' }));
    const live = await rowsProjectedOneByOne(orm, store, reportProjector(titles), events, 'report-refused');
    // The log holds the first test's posts too (one store for the file).
    expect(live.test_post_titles.length).toBeGreaterThan(30);
    expect(live.test_post_titles.some((row) => JSON.parse(row).post_id === refused)).toBe(false);

    for (const { holdLimit, batchSize } of REBUILDS) {
      const parked: string[] = [];
      await new ProjectionRebuild(orm, store, reportProjector(titles, holdLimit)).run({
        batchSize,
        retry: { attempts: 1, firstDelayMs: 1, maxDelayMs: 1 },
        onParked: (failure) => parked.push(failure.event.id),
      });
      expect({ holdLimit, batchSize, parked, tables: await rowsOf(orm, reportProjector(titles)) }).toEqual({
        holdLimit,
        batchSize,
        parked: [events[17].id],
        tables: live,
      });
    }
  });
});
