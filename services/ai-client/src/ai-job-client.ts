/**
 * How a service asks the AI worker for something and waits for the answer, whether the
 * worker runs on NATS (other processes) or in-process (the embedded mode): one interface.
 */
export type AiJobRequestOptions = {
  /** Also the JetStream message id: a repeated request for the same job is not queued twice. */
  jobId: string;
  requestedBy: string | null;
  correlationId: string;
  /** Receives the reply's pieces as the worker writes them (only the first attempt's). */
  onChunk?: (text: string) => void;
  /** The requester made `jobId` up just now (a new random entry id): no answer can be recorded for it yet. */
  newJobId?: boolean;
};

export interface AiJobClient {
  /** Resolves with the job's result; rejects with AiJobTimeoutError, AiJobFailedError or AiJobUnavailableError. */
  request<R>(kind: string, payload: unknown, options: AiJobRequestOptions): Promise<R>;
  close(): Promise<void>;
}

/** The wait gave up; the job stays queued and its result is still recorded when a worker gets to it. */
export class AiJobTimeoutError extends Error {
  constructor(readonly jobId: string) {
    super(`no answer to job ${jobId} in time`);
    this.name = 'AiJobTimeoutError';
  }
}

/** The job failed at its last delivery. */
export class AiJobFailedError extends Error {
  constructor(
    readonly jobId: string,
    reason: string,
  ) {
    super(reason);
    this.name = 'AiJobFailedError';
  }
}

/** The job could not even be queued (NATS down). */
export class AiJobUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AiJobUnavailableError';
  }
}

/** Forwards the pieces of the first attempt that speaks; a redelivery's pieces would repeat the reply. */
export function firstAttemptChunks(
  onChunk: ((text: string) => void) | undefined,
): (delivery: number, text: string) => void {
  let streaming: number | null = null;
  return (delivery, text) => {
    streaming ??= delivery;
    if (onChunk && delivery === streaming) onChunk(text);
  };
}
