import type { EntityManager } from '@mikro-orm/postgresql';
import { quoteIdentifier } from './quote-identifier';

/**
 * Refreshes the planner's statistics of a projector's tables (ANALYZE) and answers how
 * many rows they hold now. Without it, tables that grew by thousands of rows in seconds
 * (a burst of posts, a replay) keep the statistics of when they were small until
 * autovacuum next visits, up to a minute later: PostgreSQL then expected a couple of
 * dozen posts on a board and sorted all ten thousand instead of walking the index, and
 * the forum's list took 20–35 ms instead of 2–5.
 */
export async function analyzeTables(em: EntityManager, tables: readonly string[], schema = 'public'): Promise<number> {
  if (tables.length === 0) return 0;
  const qualified = tables.map((table) => `${quoteIdentifier(schema)}.${quoteIdentifier(table)}`);
  await em.execute(`ANALYZE ${qualified.join(', ')}`);
  const [{ rows }] = await em.execute<{ rows: number }[]>(
    `SELECT coalesce(sum(greatest(reltuples, 0)), 0)::float8 AS rows FROM pg_class WHERE oid IN (${qualified.map(() => '?::regclass').join(', ')})`,
    qualified,
  );
  return rows;
}
