/** One server-sent event as a browser's EventSource receives it; `text` is the block as sent. */
export type LiveFrame<D = Record<string, unknown>> = {
  id: string | undefined;
  event: string;
  data: D;
  text: string;
};

/** One event block's fields (`name:value`, at most one space after the colon); null for a block without data (a comment, `retry:`). */
function frameOf<D>(text: string): LiveFrame<D> | null {
  const lines = text.split('\n');
  const field = (name: string) =>
    lines
      .find((line) => line.startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .replace(/^ /, '');
  const data = field('data');
  if (data === undefined) return null;
  return { id: field('id'), event: field('event') ?? 'message', data: JSON.parse(data) as D, text };
}

/** A whole text/event-stream answer (read to its end) as its events, in order. */
export const eventsIn = <D = Record<string, unknown>>(text: string): LiveFrame<D>[] =>
  text.split('\n\n').flatMap((block) => frameOf<D>(block) ?? []);

export type LiveStream<D> = {
  response: Response;
  /** Every event received so far, in order. */
  frames: LiveFrame<D>[];
  /** The first event received that matches, waiting for it up to `timeoutMs`. */
  next(matching: (frame: LiveFrame<D>) => boolean, timeoutMs?: number): Promise<LiveFrame<D>>;
  /** Leaves the stream, as a browser closing the page. */
  close(): void;
};

/**
 * Opens a server-sent event stream as a browser would (fetch, its cookie, a Last-Event-ID when
 * reconnecting) and collects its events as they come. A refused answer (401, 429) is returned
 * with no events.
 */
export async function openLiveStream<D = Record<string, unknown>>(
  url: string,
  headers: Record<string, string> = {},
): Promise<LiveStream<D>> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const frames: LiveFrame<D>[] = [];
  const waiting: (() => void)[] = [];
  if (response.ok)
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body!) {
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = frameOf<D>(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            if (frame) frames.push(frame);
            waiting.splice(0).forEach((wake) => wake());
          }
        }
      } catch {
        // closed by the test
      }
    })();
  const next = async (matching: (frame: LiveFrame<D>) => boolean, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = frames.find(matching);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(frames)}`);
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        setTimeout(resolve, left);
      });
    }
  };
  return { response, frames, next, close: () => controller.abort() };
}

/** supertest's parser for an answer read to its end as text (it has none for text/event-stream): `.buffer(true).parse(wholeText)`. */
export const wholeText = (
  res: { on(event: string, listener: (chunk: Buffer) => void): unknown },
  callback: (error: Error | null, body: string) => void,
) => {
  let text = '';
  res.on('data', (chunk) => (text += chunk.toString()));
  res.on('end', () => callback(null, text));
};
