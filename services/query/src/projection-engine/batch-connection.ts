import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';

/** One of MikroORM's pooled node-postgres connections, as the live batches use it. */
export type BatchConnection = {
  query<T>(text: string, values?: readonly unknown[]): Promise<{ rows: T[] }>;
  /** Set by knex when the connection fails; its pool then drops the connection instead of lending it again. */
  __knex__disposed?: unknown;
};

/** A multi-statement text answers one result per statement. */
type Results<T> = { rows: T[] } | { rows: T[] }[];

const connections = new WeakMap<EntityManager, BatchConnection>();

/** The connection of the live batch `em` belongs to, or undefined outside one (a rebuild's batches use the ORM's transaction). */
export const batchConnectionOf = (em: EntityManager): BatchConnection | undefined => connections.get(em);

/** `?` placeholders (none inside a literal or as an operator, as knex reads them too) as PostgreSQL's `$n`. */
export function numberedPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** The rows of the last statement of a text sent without parameters (PostgreSQL's simple protocol). */
function lastRows<T>(result: Results<T>): T[] {
  return Array.isArray(result) ? (result[result.length - 1]?.rows ?? []) : result.rows;
}

/**
 * The live batches of one projector: each runs in one transaction on one of MikroORM's pooled
 * connections, driven directly with node-postgres. `BEGIN` goes with the first statement and
 * `COMMIT` with the last (`open`'s and `close`'s texts, sent without parameters), and the
 * batch's statements go through `boundQuery`. The ORM's own transaction (`em.transactional`)
 * cost a live batch a quarter of the projector thread's CPU: knex's transactor, MikroORM's
 * bookkeeping per statement, and the promise hooks its AsyncLocalStorage turns on for every
 * promise of the thread (docs/performance.md). The batches get one EntityManager, for the
 * mapping only (a fork per batch was 6% of the thread): it refuses to reach the database, so
 * a statement sent through the ORM fails loudly instead of running outside the transaction.
 */
export class LiveBatches {
  private readonly em: EntityManager;
  private running = false;

  constructor(private readonly orm: MikroORM) {
    this.em = orm.em.fork();
    this.em.getTransactionContext = () => {
      throw new Error('a live projection batch writes through boundQuery, not through the ORM');
    };
  }

  /** One batch; a projector's batches run one after the other. */
  async run<Opened, T>(
    open: string,
    work: (em: EntityManager, opened: Opened[]) => Promise<{ result: T; close: string }>,
  ): Promise<T> {
    if (this.running) throw new Error('a projector ran two live batches at once');
    this.running = true;
    const { client } = this.orm.em.getKnex();
    let connection: BatchConnection;
    try {
      connection = (await client.acquireConnection()) as BatchConnection;
    } catch (error) {
      this.running = false;
      throw error;
    }
    connections.set(this.em, connection);
    let committed = false;
    try {
      const opened = lastRows<Opened>((await connection.query(open)) as unknown as Results<Opened>);
      const { result, close } = await work(this.em, opened);
      await connection.query(close);
      committed = true;
      return result;
    } catch (error) {
      if (!committed)
        await connection.query('ROLLBACK').catch((rollbackFailed: unknown) => {
          // In an unknown state: the pool must not lend it again.
          connection.__knex__disposed = rollbackFailed;
        });
      throw error;
    } finally {
      connections.delete(this.em);
      this.running = false;
      await client.releaseConnection(connection);
    }
  }
}
