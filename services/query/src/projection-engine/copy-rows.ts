import { finished } from 'node:stream/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { batchConnectionOf } from './batch-connection';
import { quoteIdentifier } from './quote-identifier';

/** A value as `COPY … FROM STDIN` (text format) reads it: `\N` for null, backslash escapes in text. */
function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  return String(value).replace(/[\\\n\r\t]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t',
  );
}

/** The text of `rows` for `COPY table (columns) FROM STDIN`: one line per row, its columns in that order. */
export function copyText<T extends object>(rows: Iterable<T>, columns: readonly (keyof T & string)[]): string {
  let text = '';
  for (const row of rows) {
    for (let i = 0; i < columns.length; i++) text += (i > 0 ? '\t' : '') + copyField(row[columns[i]]);
    text += '\n';
  }
  return text;
}

/** The statement that reads `copyText(rows, columns)` into `table`. */
export const copyStatement = (table: string, columns: readonly string[]) =>
  `COPY ${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(', ')}) FROM STDIN`;

/**
 * The node-postgres client `em`'s statements run on: a live batch's connection, or the one
 * knex holds for the ORM's transaction (its transaction client lends nothing else).
 */
async function clientOf(em: EntityManager): Promise<pg.Client> {
  const live = batchConnectionOf(em);
  if (live) return live as unknown as pg.Client;
  const transaction = em.getTransactionContext<{ client?: { acquireConnection(): Promise<pg.Client> } }>();
  if (!transaction?.client) throw new Error('COPY needs a transaction: its rows and the batch commit together');
  return transaction.client.acquireConnection();
}

/**
 * Runs `COPY … FROM STDIN` with `text` in `em`'s transaction. PostgreSQL reads COPY's text
 * format in about half the CPU `json_to_recordset` takes to decode the same rows
 * (docs/performance.md, the forum's replay).
 */
export async function copyRows(em: EntityManager, statement: string, text: string): Promise<void> {
  const client = await clientOf(em);
  const stream = client.query(copyFrom(statement));
  stream.end(text);
  await finished(stream);
}
