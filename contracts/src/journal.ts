import * as t from 'io-ts';
import { JOURNAL_SOURCES, JournalSource } from './rai';
import { uuid, withMessage } from './validation';

export const JOURNAL_PAGE = { default: 20, max: 100 } as const;

const pageSize = withMessage(
  Object.assign(
    new t.Type<number, string, unknown>(
      'PageSize',
      (u): u is number => typeof u === 'number',
      (u, c) => {
        const n = typeof u === 'string' && /^\d{1,3}$/.test(u) ? Number(u) : NaN;
        return n >= 1 && n <= JOURNAL_PAGE.max ? t.success(n) : t.failure(u, c);
      },
      String,
    ),
    { type: 'integer', minimum: 1, maximum: JOURNAL_PAGE.max },
  ),
  `limit must be a whole number from 1 to ${JOURNAL_PAGE.max}`,
);

const entryId = uuid('before must be the id of one of your journal entries');

const source = withMessage(JournalSource, `source must be one of ${JOURNAL_SOURCES.join(', ')}`);

/**
 * GET /api/journal/entries?limit=&before=&source=: a page of the member's entries, newest first.
 * `before` is the id of the last entry of the previous page; the answer's
 * `X-Next-Before` header names the cursor of the next page when there is one.
 * `source` keeps one screen's entries (the chat with RAI rebuilds its conversation from 'rai-chat').
 */
export const JournalEntriesQuery = t.exact(t.partial({ limit: pageSize, before: entryId, source }));
export type JournalEntriesQuery = t.TypeOf<typeof JournalEntriesQuery>;
export const NEXT_PAGE_HEADER = 'X-Next-Before';
