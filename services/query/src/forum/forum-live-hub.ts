import type { ForumLiveChange, LiveUnread } from '@reflections/contracts/forum-notifications';
import { formatPosition, type Position } from '@reflections/contracts/position';
import type { EventStream } from '@reflections/platform/http/event-stream';
import type { ProjectionProgress } from '../projection-engine/projection-progress';
import type { ForumNotificationsReadModel } from './forum-notifications-read-model';

/** A member's open tabs each hold one stream; more than this many is a client gone wrong. */
export const MAX_STREAMS_PER_MEMBER = 4;
/** Batches applied within this long go out together. */
const COALESCE_MS = 100;
/** The projectors whose batches can change what the streams carry. */
const WATCHED = new Set(['forum', 'forum-notifications']);

type Member = { streams: Set<EventStream>; unread: number };

/**
 * Every open forum stream of this process, fed from one place: after the forum's projectors
 * applied a batch, one query reads the new changes (the same for every member) and one more
 * the unread counts of the members connected, and each stream gets what concerns it.
 */
export class ForumLiveHub {
  private readonly members = new Map<string, Member>();
  private cursor: Position | null = null;
  private started: Promise<void> | null = null;
  private stopListening: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly model: ForumNotificationsReadModel,
    private readonly projections: ProjectionProgress,
  ) {}

  /** Whether this member may open another stream. */
  hasRoomFor(memberId: string): boolean {
    return (this.members.get(memberId)?.streams.size ?? 0) < MAX_STREAMS_PER_MEMBER;
  }

  /** Adds a stream: it gets the member's unread count at once, then every change. */
  async add(memberId: string, stream: EventStream): Promise<void> {
    await this.start();
    const member = this.members.get(memberId) ?? { streams: new Set<EventStream>(), unread: -1 };
    this.members.set(memberId, member);
    member.streams.add(stream);
    stream.onClose(() => this.remove(memberId, stream));
    member.unread = (await this.model.unreadCounts([memberId])).get(memberId) ?? 0;
    stream.send('notifications', { unread: member.unread } satisfies LiveUnread);
  }

  private remove(memberId: string, stream: EventStream): void {
    const member = this.members.get(memberId);
    if (!member) return;
    member.streams.delete(stream);
    if (member.streams.size === 0) this.members.delete(memberId);
    if (this.members.size === 0) this.stop();
  }

  private start(): Promise<void> {
    this.started ??= this.model.lastChange().then((last) => {
      this.cursor = last;
      this.stopListening = this.projections.onApplied(({ projector }) => {
        if (WATCHED.has(projector)) this.timer ??= setTimeout(() => this.schedule(), COALESCE_MS);
      });
    });
    return this.started;
  }

  private stop(): void {
    this.stopListening?.();
    this.stopListening = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.started = null;
  }

  private schedule(): void {
    this.timer = null;
    this.flushing = this.flushing.then(() => this.flush()).catch(() => undefined);
  }

  /** Sends the changes since the last flush, and every unread count that moved. */
  private async flush(): Promise<void> {
    if (this.members.size === 0) return;
    const changes = await this.model.changesAfter(this.cursor);
    if (changes.length > 0) this.cursor = changes[changes.length - 1].position;
    const counts = await this.model.unreadCounts([...this.members.keys()]);
    for (const [memberId, member] of this.members) {
      for (const stream of member.streams) {
        for (const { position, change } of changes)
          stream.send('forum', change satisfies ForumLiveChange, formatPosition(position));
      }
      const unread = counts.get(memberId) ?? 0;
      if (unread === member.unread) continue;
      member.unread = unread;
      for (const stream of member.streams) stream.send('notifications', { unread } satisfies LiveUnread);
    }
  }
}
