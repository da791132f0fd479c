import type { ForumLiveChange, LiveUnread } from '@reflections/contracts/forum-notifications';
import { rememberPosition } from '../../lib/api';

/** What a screen wants from the forum's live stream. */
export type ForumLiveListener = {
  readonly onUnread?: (unread: number) => void;
  readonly onChange?: (change: ForumLiveChange) => void;
  /** The stream came back after a drop: changes may have been missed. */
  readonly onReconnect?: () => void;
};

const listeners = new Set<ForumLiveListener>();
let source: EventSource | null = null;

function open(): EventSource {
  const stream = new EventSource('/api/forum/live', { withCredentials: true });
  let opened = false;
  stream.addEventListener('open', () => {
    if (opened) listeners.forEach((listener) => listener.onReconnect?.());
    opened = true;
  });
  stream.addEventListener('notifications', (event) => {
    const { unread } = JSON.parse((event as MessageEvent<string>).data) as LiveUnread;
    listeners.forEach((listener) => listener.onUnread?.(unread));
  });
  stream.addEventListener('forum', (event) => {
    const message = event as MessageEvent<string>;
    // A read made because of this change waits until every read model has it (X-Min-Position).
    rememberPosition(message.lastEventId);
    const change = JSON.parse(message.data) as ForumLiveChange;
    listeners.forEach((listener) => listener.onChange?.(change));
  });
  return stream;
}

/**
 * Issue 26: one stream per tab, however many screens listen (the server allows a member a
 * few at once); it closes when the last listener leaves.
 */
export function listenToForum(listener: ForumLiveListener): () => void {
  listeners.add(listener);
  source ??= typeof EventSource === 'undefined' ? null : open();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0 || !source) return;
    source.close();
    source = null;
  };
}
