import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { numberedPlaceholders } from './batch-connection';

type PgConnection = {
  query: (config: { name: string; text: string; values: unknown[] }) => Promise<{ rows: unknown[] }>;
};

/**
 * Runs a read (`?` placeholders, none inside a literal or as an operator) as a named prepared
 * statement on one of MikroORM's connections: PostgreSQL parses and plans each text once per
 * connection rather than on every read (the forum feed's statement took four times longer
 * to plan than to run), and the parameters travel apart from the text, where MikroORM's
 * `execute` escapes them into it. The connection and its type parsers are MikroORM's own, so
 * rows come back exactly as `execute` answers them. Outside any transaction: for reads only.
 */
export function preparedReads(orm: MikroORM) {
  return async function preparedRead<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    const { client } = orm.em.getKnex();
    const text = numberedPlaceholders(sql);
    // The text names the statement: one name per text, as each connection remembers them.
    const name = `read-${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    const connection = (await client.acquireConnection()) as PgConnection;
    try {
      return (await connection.query({ name, text, values: [...params] })).rows as T[];
    } finally {
      await client.releaseConnection(connection);
    }
  };
}
