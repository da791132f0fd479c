import type { EntityManager } from '@mikro-orm/postgresql';
import { boundQuery } from './bound-query';
import { copyRows } from './copy-rows';

/**
 * One INSERT, UPDATE or DELETE that writes a batch's rows of one table (`?` placeholders), or
 * a `COPY … FROM STDIN` of the rows whose text `copy` makes (see copy-rows.ts), for rows no
 * table holds yet.
 */
export type BatchStatement = {
  readonly table: string;
  readonly sql: string;
  readonly params: readonly string[];
  /**
   * Made as the COPY starts, not when the statement is: of a rebuild's held rows, sent side
   * by side, PostgreSQL reads the first piece while Node makes the next.
   */
  readonly copy?: () => string;
};

/** Runs one statement in `em`'s transaction. */
export const runStatement = (em: EntityManager, statement: BatchStatement): Promise<unknown> =>
  statement.copy !== undefined
    ? copyRows(em, statement.sql, statement.copy())
    : boundQuery(em, statement.sql, statement.params);

/**
 * Runs writes in one round trip: each statement but the last as a data-modifying `WITH`,
 * which PostgreSQL runs to completion whether or not anything reads it. Those see one
 * snapshot and not each other's rows: no two may write the same row.
 */
export async function runTogether(
  em: EntityManager,
  statements: readonly Pick<BatchStatement, 'sql' | 'params'>[],
): Promise<void> {
  if (statements.length === 0) return;
  const last = statements[statements.length - 1];
  await boundQuery(
    em,
    statements.length === 1
      ? last.sql
      : `WITH ${statements
          .slice(0, -1)
          .map((statement, i) => `write_${i} AS (${statement.sql})`)
          .join(',\n')}\n${last.sql}`,
    statements.flatMap((statement) => statement.params),
  );
}

/**
 * Runs a batch's writes in one round trip (`runTogether`) when each writes a table of its
 * own; two statements on one table are sent one after the other instead. On a rebuild a
 * round trip per table per page was most of its round trips, each a wait for the CPU on a
 * busy machine.
 */
export async function runStatements(em: EntityManager, all: readonly BatchStatement[]): Promise<void> {
  // A COPY is a statement of its own; it goes first, as the rows it adds are in no table yet.
  for (const statement of all) if (statement.copy !== undefined) await runStatement(em, statement);
  const statements = all.filter((statement) => statement.copy === undefined);
  const tables = new Set(statements.map((statement) => statement.table));
  if (tables.size < statements.length) {
    for (const { sql, params } of statements) await boundQuery(em, sql, params);
    return;
  }
  await runTogether(em, statements);
}
