import type { EntityManager, EntityName, FilterQuery, QueryOrderMap } from '@mikro-orm/postgresql';

/** Both ends of a time range, the end excluded; null: no bound. */
export type TimeRange = { readonly from: Date | null; readonly until: Date | null };
export const ALL_TIME: TimeRange = { from: null, until: null };

/**
 * One list of a member's export, read by the slice that keeps it (docs/product.md#dashboard-calls):
 * his rows only, by his id, newest first, at most `limit`, within `range` where the list is dated
 * by what he wrote. The account slice asks each slice through the app, never its entities.
 */
export type MemberRows<Row> = (em: EntityManager, userId: string, range: TimeRange, limit: number) => Promise<Row[]>;

/**
 * His rows of one entity (`userId` is his id), newest first by one date column (then by id),
 * at most `limit`, within `range` on that column (no condition on it when the range bounds nothing).
 */
export function hisNewestRows<T extends { userId: string; id: string }>(
  em: EntityManager,
  entity: EntityName<T>,
  userId: string,
  column: keyof T & string,
  range: TimeRange,
  limit: number,
): Promise<T[]> {
  const bounds = { ...(range.from ? { $gte: range.from } : {}), ...(range.until ? { $lt: range.until } : {}) };
  const where = { userId, ...(range.from || range.until ? { [column]: bounds } : {}) } as FilterQuery<T>;
  return em.find(entity, where, { orderBy: { [column]: 'desc', id: 'asc' } as QueryOrderMap<T>, limit }) as Promise<
    T[]
  >;
}

export const isoString = (value: Date | string) => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null) => (value === null ? null : isoString(value));
