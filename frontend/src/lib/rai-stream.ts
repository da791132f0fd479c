import { RaiStreamChunk, RaiStreamError, StreamDonePosition } from '@reflections/contracts/rai';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { rememberPosition } from './api';

/** A failed stream, with the "{status}: {text}" message of every non-OK answer (docs/product.md#requests-and-errors). */
export class RaiStreamFailure extends Error {
  constructor(
    readonly status: number | null,
    message: string,
    /** The answer's body, parsed when it was JSON. */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'RaiStreamFailure';
  }
}

type Decoder<A> = { decode: (u: unknown) => { _tag: string; right?: A } };

function decodeData<A>(codec: Decoder<A>, message: EventSourceMessage): A | null {
  try {
    const decoded = codec.decode(JSON.parse(message.data));
    return decoded._tag === 'Right' ? (decoded.right as A) : null;
  } catch {
    return null;
  }
}

const parsedOrText = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * Posts `request` to one of RAI's stream routes and reads the answer as it is written:
 * `onChunk` gets each piece of text; the promise settles with the `done` event's data, as
 * `done` decodes it (its `position` is remembered, so the next read of the journal waits for
 * it), or fails with the server's error (`event: error`, or a non-OK answer).
 */
export async function readRaiStream<D>(
  path: string,
  request: unknown,
  done: Decoder<D>,
  onChunk: (text: string) => void,
  signal?: AbortSignal,
): Promise<D> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(request),
    signal,
  });
  rememberPosition(response.headers.get('X-Position'));
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    throw new RaiStreamFailure(
      response.status,
      `${response.status}: ${text || response.statusText || 'Request failed'}`,
      parsedOrText(text),
    );
  }

  let outcome: { done: D } | { failed: RaiStreamFailure } | null = null;
  const parser = createParser({
    onEvent: (message) => {
      if (message.event === 'chunk') {
        const chunk = decodeData<RaiStreamChunk>(RaiStreamChunk, message);
        if (chunk) onChunk(chunk.text);
      } else if (message.event === 'done') {
        const finished = decodeData<D>(done, message);
        if (finished) outcome = { done: finished };
        // Where the reply sits in the event log: the next read of the journal waits for it.
        rememberPosition(decodeData<StreamDonePosition>(StreamDonePosition, message)?.position);
      } else if (message.event === 'error') {
        const error = decodeData<RaiStreamError>(RaiStreamError, message);
        outcome = {
          failed: new RaiStreamFailure(
            error?.status ?? null,
            error ? `${error.status}: ${error.error}` : 'RAI could not answer',
            error ? { error: error.error } : null,
          ),
        };
      }
    },
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
  const settled = outcome as { done: D } | { failed: RaiStreamFailure } | null;
  if (settled && 'done' in settled) return settled.done;
  if (settled) throw settled.failed;
  throw new RaiStreamFailure(null, 'The connection closed before RAI finished.');
}
