/**
 * Ids the API handed out during a fuzz run, so that a route with a path id is fuzzed on
 * something that exists (a reply on a real post) and not only refused with 404. Taken
 * from 2xx JSON answers: `id` belongs to the collection the create was posted to
 * (`POST /api/forum/posts` -> `:postId` of `/api/forum/posts/:postId`), and any `somethingId`
 * field to every `:somethingId`; a list answer gives its first item's. A route under another
 * prefix finds a collection by its last segment (`/api/admin/moderation/posts/:postId/replies`
 * takes the ids of `/api/forum/posts/:postId/replies`). The first of each is kept, so later
 * ids stay consistent.
 */
export class KnownIds {
  private readonly byCollection = new Map<string, string>();
  private readonly byName = new Map<string, string>();

  constructor(seed: Record<string, string> = {}) {
    for (const [name, id] of Object.entries(seed)) this.byName.set(name, id);
  }

  /** Records the ids of an answer to `route` (its koa-router path). */
  harvest(route: string, answer: unknown): void {
    if (Array.isArray(answer)) return this.harvest(route, answer[0]);
    if (typeof answer !== 'object' || answer === null) return;
    for (const [field, value] of Object.entries(answer)) {
      if (typeof value !== 'string') continue;
      if (field === 'id' && !this.byCollection.has(route)) this.byCollection.set(route, value);
      if (field.endsWith('Id') && !this.byName.has(field)) this.byName.set(field, value);
    }
  }

  /** An existing id for `:name` in `route`, if one was handed out. */
  forParam(route: string, name: string): string | undefined {
    const collection = route.slice(0, route.indexOf(`/:${name}`));
    const lastSegment = collection.slice(collection.lastIndexOf('/'));
    const alike = [...this.byCollection.keys()].find((known) => known.endsWith(lastSegment));
    return this.byCollection.get(collection) ?? this.byName.get(name) ?? (alike && this.byCollection.get(alike));
  }

  /** An existing id for a body field of this name (`userId`), if one is known. */
  forField(name: string): string | undefined {
    return name.endsWith('Id') ? this.byName.get(name) : undefined;
  }
}
