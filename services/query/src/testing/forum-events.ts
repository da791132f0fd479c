import { randomUUID } from 'node:crypto';
import { currentSchemaVersion } from '@reflections/contracts/event-schemas';
import type { EventToAppend } from '@reflections/platform/event-store/event-store';

/** A forum event as the command side appends it, with today's schema version. */
export const forumEvent = (type: string, data: Record<string, unknown>): EventToAppend => ({
  id: randomUUID(),
  type,
  data,
  metadata: { causedBy: null, correlationId: randomUUID(), schemaVersion: currentSchemaVersion(type) },
});

/** A Campfire thread opened by `authorId` at `createdAt`, as the forum's tests write one; `overrides` change any field. */
export const postCreated = (
  postId: string,
  authorId: string,
  createdAt: string,
  overrides: Record<string, unknown> = {},
): EventToAppend =>
  forumEvent('PostCreated', {
    postId,
    board: 'campfire',
    categoryId: 1,
    category: 'general',
    title: 'A thread',
    content: 'Its first words',
    isAnonymous: false,
    authorId,
    createdAt,
    ...overrides,
  });
