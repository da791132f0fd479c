import { finished } from 'node:stream/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { batchConnectionOf } from './batch-connection';
import { quoteIdentifier } from './quote-identifier';

const SPECIAL = /[\\\n\r\t]/;
const SPECIALS = /[\\\n\r\t]/g;
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A value as `COPY … FROM STDIN` (text format) reads it: `\N` for null, backslash escapes in text. */
function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = String(value);
  // Most values have nothing to escape: testing first spares a new string for each.
  return SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ESCAPED[c]) : text;
}

type LineOf = (row: object) => string;
const lineMakers = new Map<string, LineOf>();

/**
 * A function that makes one row's line, its columns read by name: reading them through an
 * array of names (`row[column]`) was four times slower than `JSON.stringify` of the same rows,
 * and is now twice as fast. The names are the projection's own column lists, never data.
 */
function lineOf(columns: readonly string[]): LineOf {
  const key = columns.join(',');
  let make = lineMakers.get(key);
  if (!make) {
    const fields = columns.map((column) => `field(row[${JSON.stringify(column)}])`).join(" + '\\t' + ");
    make = new Function('field', `return (row) => ${fields};`)(copyField) as LineOf;
    lineMakers.set(key, make);
  }
  return make;
}

/** The text of `rows` for `COPY table (columns) FROM STDIN`: one line per row, its columns in that order. */
export function copyText<T extends object>(rows: Iterable<T>, columns: readonly (keyof T & string)[]): string {
  const line = lineOf(columns);
  let text = '';
  for (const row of rows) text += line(row) + '\n';
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
