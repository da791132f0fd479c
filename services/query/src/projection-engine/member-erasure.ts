import type { EntityManager } from '@mikro-orm/postgresql';
import { boundQuery } from './bound-query';
import { quoteIdentifier } from './quote-identifier';

/** A projector's forgetMember that deletes his rows from tables keyed by his user_id: nothing in them is anyone else's. */
export const deletingRowsOf =
  (...tables: readonly string[]) =>
  async (em: EntityManager, userId: string): Promise<void> => {
    for (const table of tables)
      await boundQuery(em, `DELETE FROM ${quoteIdentifier(table)} WHERE user_id = ?`, [userId]);
  };
