import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Runs SQL (`?` placeholders) in `em`'s transaction with its parameters sent apart from the
 * text. MikroORM's `em.execute` escapes parameters into the SQL text, character by
 * character, which for a batch's megabyte of rows costs more than the statement itself.
 */
export async function boundQuery<T extends object>(
  em: EntityManager,
  sql: string,
  params: readonly string[],
): Promise<T[]> {
  const query = em.getKnex().raw(sql, params);
  const transaction = em.getTransactionContext();
  if (transaction) query.transacting(transaction);
  const result: { rows: T[] } = await query;
  return result.rows;
}
