import type { EntityManager } from '@mikro-orm/postgresql';

/** Both ends of a time range, the end excluded; null: no bound. */
export type TimeRange = { readonly from: Date | null; readonly until: Date | null };
export const ALL_TIME: TimeRange = { from: null, until: null };

/**
 * One list of a member's export, read by the slice that keeps it (docs/product.md#dashboard-calls):
 * his rows only, by his id, newest first, at most `limit`, within `range` where the list is dated
 * by what he wrote. The account slice asks each slice through the app, never its entities.
 */
export type MemberRows<Row> = (em: EntityManager, userId: string, range: TimeRange, limit: number) => Promise<Row[]>;

/** His rows, within a range on one date column (no condition on it when the range bounds nothing). */
export function hisRowsWithin<K extends string>(userId: string, column: K, range: TimeRange) {
  const bounds = { ...(range.from ? { $gte: range.from } : {}), ...(range.until ? { $lt: range.until } : {}) };
  return { userId, ...(range.from || range.until ? { [column]: bounds } : {}) } as { userId: string } & Partial<
    Record<K, typeof bounds>
  >;
}

export const isoString = (value: Date | string) => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null) => (value === null ? null : isoString(value));
