import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { MikroORM } from '@mikro-orm/postgresql';
import { comparePositions, formatPosition, parsePosition, type Position, START } from '@reflections/contracts/position';
import { readConfig } from '@reflections/platform/config';
import { connectEventStore } from '@reflections/platform/event-store/connect-event-store';
import { type EventStore, matchesFilter } from '@reflections/platform/event-store/event-store';
import { openReadModels } from '@reflections/query/projections';
import { type Failure, listParked, parkedLine } from '@reflections/query/projection-engine/parked-events';
import { ProjectionRebuild, type ReplayRange } from '@reflections/query/projection-engine/projection-rebuild';
import { eventTypesOf, type Projector } from '@reflections/query/projection-engine/projector';
import { PROJECTORS } from '@reflections/query/projections';
import { toCsv } from '@reflections/query/reports/csv';
import { publishedReport, readReport, type Report, reportProjector } from '@reflections/query/reports/report';
import { REPORTS } from '@reflections/query/reports/reports';
import { openDatabase } from '../embedded/database';
import { progressReporter } from './progress';

const USAGE = `Usage:
  npm run replay -- <report or projection> [--from <position or date>] [--to <position or date>] [--csv FILE]
  npm run replay -- --list
  npm run replay -- --parked

Replays the event log into fresh tables and swaps them in once they have caught up
(the live tables keep serving meanwhile). With --from or --to, a report is replayed over
that range only and printed (or written with --csv); the live tables are left alone.
A position is commit:prepare (as in X-Position); a date is YYYY-MM-DD or an ISO time.
--parked lists the events projectors could not apply and moved past; replaying a
projection tries its parked events again and parks only what still fails.`;

type Target = { kind: 'projection' | 'report'; projector: Projector; report: Report | null };

const TARGETS: readonly Target[] = [
  ...PROJECTORS.map((projector) => ({ kind: 'projection' as const, projector, report: null })),
  ...REPORTS.map((report) => ({ kind: 'report' as const, projector: reportProjector(report), report })),
];

class UsageError extends Error {}

function parseBound(text: string | undefined, option: string): Position | Date | undefined {
  if (text === undefined) return undefined;
  const position = parsePosition(text);
  if (position) return position;
  const date = /^\d{4}-\d{2}-\d{2}/.test(text) ? new Date(text) : new Date(NaN);
  if (Number.isNaN(date.getTime()))
    throw new UsageError(`${option} must be a position (commit:prepare) or a date (YYYY-MM-DD), not "${text}"`);
  return date;
}

/** Events of the log after `after` that a projector reads: one pass over the log from the earliest. */
async function countAfter(
  store: EventStore,
  projectors: readonly { after: Position; projector: Projector }[],
): Promise<number[]> {
  const counts = projectors.map(() => 0);
  const filters = projectors.map(({ projector }) => {
    const eventTypes = eventTypesOf(projector);
    return eventTypes ? { eventTypes } : undefined;
  });
  let cursor = projectors.reduce(
    (lowest, { after }) => (comparePositions(after, lowest) < 0 ? after : lowest),
    projectors[0]?.after ?? START,
  );
  for (;;) {
    const page = await store.readAll({
      after: comparePositions(cursor, START) === 0 ? undefined : cursor,
      maxCount: 10_000,
    });
    if (page.length === 0) return counts;
    for (const event of page) {
      projectors.forEach(({ after }, i) => {
        if (comparePositions(event.position, after) > 0 && matchesFilter(filters[i], event)) counts[i] += 1;
      });
    }
    cursor = page[page.length - 1].position;
  }
}

async function list(orm: MikroORM, store: EventStore) {
  const rows = await orm.em
    .fork()
    .execute<{ name: string; commit_position: string; prepare_position: string; updated_at: string }[]>(
      `SELECT name, commit_position, prepare_position, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS updated_at FROM projector_checkpoints`,
    );
  const checkpoints = new Map(
    rows.map((row) => [
      row.name,
      { position: { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) }, at: row.updated_at },
    ]),
  );
  const lags = await countAfter(
    store,
    TARGETS.map(({ projector }) => ({ projector, after: checkpoints.get(projector.name)?.position ?? START })),
  );
  console.table(
    TARGETS.map((target, i) => {
      const checkpoint = checkpoints.get(target.projector.name);
      return {
        name: target.projector.name,
        kind: target.kind,
        checkpoint: checkpoint ? formatPosition(checkpoint.position) : 'never run',
        'updated at (UTC)': checkpoint?.at ?? '',
        'lag (events)': lags[i],
      };
    }),
  );
}

async function parked(orm: MikroORM) {
  const events = await listParked(orm.em.fork());
  if (events.length === 0) return console.log('No parked events.');
  console.table(
    events.map((event) => ({
      projector: event.projector,
      position: event.position,
      'event id': event.eventId,
      type: event.eventType,
      error: event.error,
      attempts: event.attempts,
      'first failed (UTC)': event.firstFailedAt,
      'parked at (UTC)': event.parkedAt,
    })),
  );
  console.log(
    `Replay a projection (npm run replay -- <name>) once its handler is fixed: its parked events are tried again.`,
  );
}

async function replay(
  orm: MikroORM,
  store: EventStore,
  target: Target,
  range: ReplayRange,
  csvFile: string | undefined,
) {
  const name = target.projector.name;
  const [total] = await countAfter(store, [{ projector: target.projector, after: START }]);
  const progress = progressReporter(`replay ${name}`, total);
  let done = 0;
  let parkedEvents = 0;
  const options = {
    onProgress: (p: { done: number }) => progress.update((done = p.done)),
    onParked: (failure: Failure) => {
      parkedEvents += 1;
      console.error(parkedLine(name, failure));
    },
  };
  const rebuild = new ProjectionRebuild(orm, store, target.projector);
  if (range.from || range.to) {
    if (!target.report)
      throw new UsageError(
        `--from and --to apply to reports; a projection (${name}) is always rebuilt from the start of the log`,
      );
    const report = target.report;
    // The CSV leaves the building like the admin's: no count of people under 5 (issue 24).
    const view = publishedReport(
      await rebuild.runRange(range, (em) => readReport(em, report), options),
      report.privacy,
    );
    progress.finish(done);
    return output(view, csvFile);
  }
  const position = await rebuild.run(options);
  progress.finish(done);
  console.log(
    `Swapped in fresh tables for ${name} (${target.projector.tables.join(', ')}) at ${formatPosition(position)}; ${parkedEvents} events parked.`,
  );
  if (target.report)
    output(publishedReport(await readReport(orm.em.fork(), target.report), target.report.privacy), csvFile);
}

function output(view: Awaited<ReturnType<typeof readReport>>, csvFile: string | undefined) {
  if (csvFile) {
    fs.writeFileSync(csvFile, toCsv(view.columns, view.rows));
    console.log(`Wrote ${view.rows.length} rows of ${view.name} to ${csvFile}.`);
  } else {
    console.log(view.title);
    console.table(view.rows);
  }
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      list: { type: 'boolean' },
      parked: { type: 'boolean' },
      from: { type: 'string' },
      to: { type: 'string' },
      csv: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const listing = values.list || values.parked;
  if (values.help || (!listing && positionals.length !== 1)) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const target = listing ? null : TARGETS.find((candidate) => candidate.projector.name === positionals[0]);
  if (!listing && !target)
    throw new UsageError(
      `No report or projection named "${positionals[0]}". Known: ${TARGETS.map((t) => t.projector.name).join(', ')}`,
    );
  if (values.csv && target && !target.report)
    throw new UsageError('--csv exports a report; a projection has no report rows');
  const range: ReplayRange = { from: parseBound(values.from, '--from'), to: parseBound(values.to, '--to') };

  const config = readConfig();
  const database = await openDatabase(config);
  const store = await connectEventStore({ eventStoreUrl: config.eventStoreUrl, databaseUrl: database.url });
  const orm = await openReadModels(database.url);
  try {
    if (target) await replay(orm, store, target, range, values.csv);
    else if (values.parked) await parked(orm);
    else await list(orm, store);
  } finally {
    await orm.close();
    await store.close();
    await database.stop();
  }
}

main().catch((error) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  console.error('replay failed:', error);
  process.exit(1);
});
