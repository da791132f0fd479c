import {
  ProcessJournalResponse,
  RaiStreamChunk,
  RaiStreamDone,
  RaiStreamError,
  type ProcessJournalRequest,
} from '@reflections/contracts/rai';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { rememberPosition } from '../../lib/api';

const STREAM_PATH = '/api/ai/rai/process-journal/stream';

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

function decodeData<A>(
  codec: { decode: (u: unknown) => { _tag: string; right?: A } },
  message: EventSourceMessage,
): A | null {
  try {
    const decoded = codec.decode(JSON.parse(message.data));
    return decoded._tag === 'Right' ? (decoded.right as A) : null;
  } catch {
    return null;
  }
}

/**
 * Sends a message to RAI and reads the reply as it is written: `onChunk` gets each piece
 * of text; the promise settles with the finished reply (`event: done`) or fails with
 * the server's error (`event: error`, or a non-OK answer).
 */
const parsedOrText = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export async function streamRaiReply(
  request: ProcessJournalRequest,
  onChunk: (text: string) => void,
  signal?: AbortSignal,
): Promise<ProcessJournalResponse> {
  const response = await fetch(STREAM_PATH, {
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

  let outcome: { done: ProcessJournalResponse } | { failed: RaiStreamFailure } | null = null;
  const parser = createParser({
    onEvent: (message) => {
      if (message.event === 'chunk') {
        const chunk = decodeData<RaiStreamChunk>(RaiStreamChunk, message);
        if (chunk) onChunk(chunk.text);
      } else if (message.event === 'done') {
        const done = decodeData<ProcessJournalResponse>(ProcessJournalResponse, message);
        if (done) outcome = { done };
        // Where the reply sits in the event log: the next read of the journal waits for it.
        rememberPosition(decodeData<RaiStreamDone>(RaiStreamDone, message)?.position);
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
    const { value, done } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
  const settled = outcome as { done: ProcessJournalResponse } | { failed: RaiStreamFailure } | null;
  if (settled && 'done' in settled) return settled.done;
  if (settled) throw settled.failed;
  throw new RaiStreamFailure(null, 'The connection closed before RAI finished.');
}
