import { FORUM_CATEGORIES, FORUM_CATEGORIES_STREAM, ForumCategoryCreated } from '@reflections/contracts/forum';
import type { AppendResult, EventStore } from '@reflections/platform/event-store/event-store';
import { handleCommand } from '@reflections/platform/command/command-handler';
import { accept, type Decider, type Rejection } from '@reflections/platform/command/decider';

type SeedCategories = { type: 'SeedCategories'; now: string };

/** The event that creates one of FORUM_CATEGORIES: its place is its order among its board's. */
export const forumCategoryCreated = (
  category: (typeof FORUM_CATEGORIES)[number],
  now: string,
): ForumCategoryCreated => ({
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
    createdAt: now,
  },
});

/** The ids of the categories already in the log; every category of FORUM_CATEGORIES not among them is created. */
const categoriesDecider: Decider<ReadonlySet<number>, SeedCategories, ForumCategoryCreated, Rejection<never>> = {
  codec: ForumCategoryCreated,
  initialState: new Set(),
  evolve: (existing, event) => new Set([...existing, event.data.categoryId]),
  decide: ({ now }, existing) =>
    accept(
      ...FORUM_CATEGORIES.filter((category) => !existing.has(category.id)).map((category) =>
        forumCategoryCreated(category, now),
      ),
    ),
};

/** Starting processes that race each other: one writes, the others read again and find the work done. */
const STARTING_PROCESSES_RETRY = { onVersionConflict: 20, message: 'The forum categories could not be written' };

/**
 * Appends ForumCategoryCreated for every category of FORUM_CATEGORIES not yet in the log,
 * so the categories are events like everything else (and a category added to the list
 * later appears at the next start). Safe to run from any number of starting processes.
 */
export async function seedForumCategories(store: EventStore): Promise<AppendResult | null> {
  const outcome = await handleCommand(
    store,
    FORUM_CATEGORIES_STREAM,
    categoriesDecider,
    { type: 'SeedCategories', now: new Date().toISOString() },
    { userId: null, correlationId: 'forum-categories' },
    { retry: STARTING_PROCESSES_RETRY },
  );
  return outcome.ok ? outcome.result : null;
}
