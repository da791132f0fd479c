import * as t from 'io-ts';

/**
 * Work for the AI worker travels on a JetStream work-queue stream: one message per job,
 * message id = job id (so a repeated publish is dropped), handled by exactly one of any
 * number of workers sharing one durable consumer. Replies and failure reports go on
 * core NATS subjects outside every stream (a subject inside a stream would get the
 * stream's publish acknowledgement instead of the reply).
 */
export const AI_JOBS_STREAM = 'AI_JOBS';
export const aiJobSubject = (kind: string) => `ai.jobs.${kind}`;
export const AI_JOBS_SUBJECTS = 'ai.jobs.>';
export const AI_WORKER_CONSUMER = 'ai-worker';
export const AI_JOB_FAILURES_SUBJECT = 'ai.failures';
export const AI_JOB_MAX_DELIVERIES = 5;
/** Core NATS subject a job's outcome is published on: named after the job, so every requester waiting for it hears it. */
export const aiJobReplySubject = (jobId: string) => `ai.replies.${jobId}`;

/** The JetStream names of one deployment's job queue. */
export type JobQueueNames = {
  readonly stream: string;
  readonly subjects: string;
  readonly subject: (kind: string) => string;
  readonly consumer: string;
};

/**
 * With a prefix (AI_QUEUE_PREFIX: letters, digits, `_` and `-`), two deployments on one
 * NATS keep separate queues; without one, the names above. Reply subjects are named after
 * job ids, which never repeat, and need none.
 */
export function jobQueueNames(prefix = ''): JobQueueNames {
  if (!/^[A-Za-z0-9_-]*$/.test(prefix))
    throw new Error(`AI_QUEUE_PREFIX may hold only letters, digits, _ and -: ${JSON.stringify(prefix)}`);
  if (!prefix)
    return { stream: AI_JOBS_STREAM, subjects: AI_JOBS_SUBJECTS, subject: aiJobSubject, consumer: AI_WORKER_CONSUMER };
  return {
    stream: `${prefix}_${AI_JOBS_STREAM}`,
    subjects: `${prefix}.${AI_JOBS_SUBJECTS}`,
    subject: (kind) => `${prefix}.${aiJobSubject(kind)}`,
    consumer: `${prefix}-${AI_WORKER_CONSUMER}`,
  };
}

export const AiJob = t.intersection([
  t.type({
    jobId: t.string,
    kind: t.string,
    correlationId: t.string,
    requestedBy: t.union([t.string, t.null]),
    /** Core NATS subject the requester waits on, or null when nobody waits. */
    replyTo: t.union([t.string, t.null]),
    payload: t.unknown,
  }),
  t.partial({
    /** False when the requester does not listen to the reply's pieces (the plain JSON calls): the worker then publishes none. Absent: it publishes them. */
    chunksWanted: t.boolean,
    /** True when the requester made the job id up just now: nothing can be recorded for it before its first delivery, so the handler need not look. */
    newJobId: t.boolean,
  }),
]);
export type AiJob = t.TypeOf<typeof AiJob>;

export const AiJobOutcome = t.union([
  t.type({ jobId: t.string, ok: t.literal(true), result: t.unknown }),
  t.type({ jobId: t.string, ok: t.literal(false), error: t.string, deliveries: t.number }),
]);
export type AiJobOutcome = t.TypeOf<typeof AiJobOutcome>;

/** A piece of a reply as the worker writes it; `delivery` tells a redelivered attempt's pieces from the first one's. */
export const AiJobChunk = t.type({ jobId: t.string, delivery: t.number, text: t.string });
export type AiJobChunk = t.TypeOf<typeof AiJobChunk>;
