import { FORUM_CATEGORIES, FORUM_CATEGORIES_STREAM, ForumCategoryCreated } from '@reflections/contracts/forum';
import {
  type AppendResult,
  type EventStore,
  WrongExpectedRevisionError,
} from '@reflections/platform/event-store/event-store';
import { appendEvents } from '@reflections/platform/command/command-handler';

/**
 * Appends ForumCategoryCreated for every category of FORUM_CATEGORIES not yet in the log,
 * so the categories are events like everything else (and a category added to the list
 * later appears at the next start). Safe to run from any number of starting processes:
 * the expected revision lets one of them write, the others find the work done.
 */
export async function seedForumCategories(store: EventStore): Promise<AppendResult | null> {
  for (;;) {
    const recorded = await store.readStream(FORUM_CATEGORIES_STREAM);
    const existing = new Set(
      recorded
        .filter((event) => ForumCategoryCreated.is({ type: event.type, data: event.data }))
        .map((event) => (event.data as { categoryId: number }).categoryId),
    );
    const createdAt = new Date().toISOString();
    const missing = FORUM_CATEGORIES.filter((category) => !existing.has(category.id)).map((category) => ({
      type: 'ForumCategoryCreated',
      data: {
        categoryId: category.id,
        board: category.board,
        key: category.key,
        name: category.name,
        slug: category.key,
        description: category.description,
        color: category.color,
        icon: category.icon,
        sortOrder: FORUM_CATEGORIES.filter((other) => other.board === category.board).indexOf(category) + 1,
        isActive: true,
        createdAt,
      },
    }));
    const last = recorded[recorded.length - 1];
    try {
      return await appendEvents(
        store,
        FORUM_CATEGORIES_STREAM,
        missing,
        { userId: null, correlationId: 'forum-categories' },
        last ? last.revision : 'no_stream',
      );
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
}
