import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import { JOURNAL_PAGE, JournalEntriesQuery, NEXT_PAGE_HEADER } from '@reflections/contracts/journal';
import type { JournalEntryView } from '@reflections/contracts/rai';
import { decodeOrThrow } from '@reflections/platform/http/decode';
import { notFound } from '@reflections/platform/http/http-error';
import { requireSignedIn } from '@reflections/platform/session/require-signed-in';
import { JournalEntry, moodOf } from './journal-entry.entity';
import { READ_MODELS } from '@reflections/contracts/admin';
import { reads } from '../projection-engine/read-your-writes';

export const toJournalEntryView = (entry: JournalEntry): JournalEntryView => ({
  id: entry.id,
  userResponse: entry.userResponse,
  aiGuidance: entry.aiGuidance,
  mood: moodOf(entry),
  source: entry.source,
  status: entry.status,
  createdAt: entry.createdAt.toISOString(),
});

/** GET /api/journal/entries: the member's own entries (of one source if asked), newest first, a page at a time. */
export function journalRoutes(orm: MikroORM): Router {
  const router = new Router({ prefix: '/api/journal' });
  router.get('/entries', reads(READ_MODELS.journal), async (ctx) => {
    const userId = requireSignedIn(ctx);
    const { limit = JOURNAL_PAGE.default, before, source } = decodeOrThrow(JournalEntriesQuery, ctx.query);
    const mine = source ? { userId, source } : { userId };
    const em = orm.em.fork();
    const cursor = before ? await em.findOne(JournalEntry, { id: before, userId }) : null;
    if (before && !cursor) throw notFound('No such journal entry');
    const page = await em.find(
      JournalEntry,
      cursor
        ? {
            ...mine,
            $or: [{ createdAt: { $lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { $lt: cursor.id } }],
          }
        : mine,
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: limit + 1 },
    );
    const shown = page.slice(0, limit);
    if (page.length > limit) ctx.set(NEXT_PAGE_HEADER, shown[shown.length - 1].id);
    ctx.body = shown.map(toJournalEntryView);
  });
  return router;
}
