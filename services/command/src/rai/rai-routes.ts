import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { AiJobClient } from '@reflections/ai-client/ai-job-client';
import { type AnsweredEntry, recordedReply } from '@reflections/ai-client/recorded-reply';
import { formatPosition, parsePosition, type Position } from '@reflections/contracts/position';
import {
  AI_JOB_KINDS,
  JournalPromptRequest,
  type JournalPromptResponse,
  type JournalGuidanceResult,
  ProcessJournalRequest,
  type ProcessJournalResponse,
  type ProcessJournalResult,
  ReflectionPromptRequest,
  type ReflectionPromptResponse,
  type ReflectionPromptResult,
  type RaiStreamChunk,
  type RaiStreamError,
} from '@reflections/contracts/rai';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { decodeOrThrow } from '@reflections/platform/http/decode';
import { openEventStream, type EventStream } from '@reflections/platform/http/event-stream';
import { answerWithPosition, POSITION_HEADER } from '@reflections/platform/http/position-header';
import { requireSignedIn } from '@reflections/platform/session/require-signed-in';
import { entryIdFor, submitJournalEntry } from './journal-entries';
import { raiUnavailable } from './rai-errors';
import { logger } from '@reflections/platform/log/logger';
import { safeError } from '@reflections/platform/log/safe-error';
import type { CommandRateLimits } from '../plumbing/rate-limits';

export type RaiRouteDependencies = {
  eventStore: EventStore;
  aiJobs: AiJobClient;
  rateLimits: Pick<CommandRateLimits, 'rai'>;
};

/** A member's words recorded, and the job that answers them. */
type Started<R> = {
  readonly entryId: string;
  readonly submitted: { readonly position: Position };
  readonly result: Promise<R>;
};

/** Waits for the job's result; a timeout or failure becomes a 503 naming the entry. */
async function awaitJob<R>(work: Promise<R>, entryId: string | null): Promise<R> {
  try {
    return await work;
  } catch (error) {
    throw raiUnavailable(error, entryId) ?? error;
  }
}

/**
 * RAI's endpoints (docs/product.md#rai-calls). Journal calls store the member's words first
 * (JournalEntrySubmitted, id = job id), then ask the AI worker and wait, bounded by
 * AI_REPLY_TIMEOUT_MS; the worker records the reply.
 */
export function raiRoutes(deps: RaiRouteDependencies): Router {
  const router = new Router();

  /**
   * RAI's answer to a recorded entry: the one already in the log when the request is a retry
   * (same clientRequestId) that was answered, else the job's. Over NATS a job id republished
   * inside JetStream's duplicate window is dropped, so a retry must not wait for it.
   */
  const answerOf = async <R>(
    ctx: Context,
    entry: { userId: string; entryId: string; isNew: boolean },
    fromLog: (recorded: AnsweredEntry) => R,
    job: { kind: string; payload: unknown; onChunk?: (text: string) => void },
  ): Promise<R> => {
    const { userId, entryId, isNew } = entry;
    const existing = isNew ? null : await recordedReply(deps.eventStore, userId, entryId);
    if (existing) return fromLog(existing);
    return deps.aiJobs.request<R>(job.kind, job.payload, {
      jobId: entryId,
      requestedBy: userId,
      correlationId: ctx.state.correlationId,
      onChunk: job.onChunk,
      newJobId: isNew,
    });
  };

  /** Stores the entry and asks for RAI's reply. */
  const processJournal = async (
    ctx: Context,
    onChunk?: (text: string) => void,
  ): Promise<Started<ProcessJournalResult>> => {
    const userId = requireSignedIn(ctx);
    const request = decodeOrThrow(ProcessJournalRequest, ctx.request.jsonBody);
    const { entryId, isNew } = entryIdFor(userId, request.clientRequestId);
    const context = { userId, correlationId: ctx.state.correlationId };
    const prompt = request.prompt?.trim() || null;
    const submitted = await submitJournalEntry(deps.eventStore, context, {
      entryId,
      source: prompt ? 'ai-test' : 'rai-chat',
      text: request.journalEntry,
      prompt,
      mood: request.mood ?? null,
    });
    const result = answerOf<ProcessJournalResult>(
      ctx,
      { userId, entryId, isNew },
      (recorded) => ({
        response: recorded.reply,
        mood: recorded.mood,
        insights: recorded.insights,
        crisis: recorded.crisis,
        position: recorded.position,
      }),
      {
        kind: AI_JOB_KINDS.processJournal,
        payload: { entryId, userId, journalEntry: request.journalEntry, prompt, mood: request.mood ?? null },
        onChunk,
      },
    );
    return { entryId, submitted, result };
  };

  /** Stores a guided entry and asks for RAI's guidance. */
  const askForGuidance = async (
    ctx: Context,
    onChunk?: (text: string) => void,
  ): Promise<Started<JournalGuidanceResult>> => {
    const userId = requireSignedIn(ctx);
    const request = decodeOrThrow(JournalPromptRequest, ctx.request.jsonBody);
    const { entryId, isNew } = entryIdFor(userId, request.clientRequestId);
    const submitted = await submitJournalEntry(
      deps.eventStore,
      { userId, correlationId: ctx.state.correlationId },
      { entryId, source: 'guided-journal', text: request.userInput, prompt: null, mood: request.mood },
    );
    const result = answerOf<JournalGuidanceResult>(
      ctx,
      { userId, entryId, isNew },
      (recorded) => ({ aiGuidance: recorded.reply, crisis: recorded.crisis, position: recorded.position }),
      {
        kind: AI_JOB_KINDS.journalGuidance,
        payload: { entryId, userId, userInput: request.userInput, mood: request.mood },
        onChunk,
      },
    );
    return { entryId, submitted, result };
  };

  /**
   * Answers `text/event-stream` for a job that streams: `chunk`s as RAI writes, then `done`
   * (the response and the reply's position) or `error`. `start` records the member's words
   * first, so a bad request is still a 400; chunks that come before the stream opens wait here.
   */
  const streamed = async <R extends { position: string }, B extends object>(
    ctx: Context,
    start: (onChunk: (text: string) => void) => Promise<Started<R>>,
    toResponse: (entryId: string, result: R) => B,
  ) => {
    const early: RaiStreamChunk[] = [];
    let stream: EventStream | null = null;
    let entryId = '';
    const started = await start((text) => {
      const chunk = { entryId, text } satisfies RaiStreamChunk;
      if (stream) stream.send('chunk', chunk);
      else early.push(chunk);
    });
    entryId = started.entryId;
    ctx.set(POSITION_HEADER, formatPosition(started.submitted.position));
    // Read by fetch, not EventSource: nothing to reconnect to. A member who closes the page mid-reply leaves the job running: the reply still lands in the journal.
    const opened = openEventStream(ctx, { retry: null, keepAlive: null });
    stream = opened;
    for (const chunk of early) opened.send('chunk', chunk);
    started.result
      .then((answered) => opened.send('done', { ...toResponse(entryId, answered), position: answered.position }))
      .catch((error: unknown) => {
        const failure = raiUnavailable(error, entryId);
        if (!failure)
          logger.error({ requestId: ctx.state.correlationId, entryId, err: safeError(error) }, 'RAI stream failed');
        opened.send('error', {
          entryId,
          status: failure?.status ?? 500,
          error: failure ? String(failure.body.error) : 'Something went wrong on our side. Please try again.',
        } satisfies RaiStreamError);
      })
      .finally(() => opened.end());
  };

  /**
   * A journal call at `path`, answered whole once RAI has replied, and at `${path}/stream` as
   * RAI writes (its `done` is the same response with the reply's position).
   */
  const journalCall = <R extends { position: string }, B extends object>(
    path: string,
    start: (ctx: Context, onChunk?: (text: string) => void) => Promise<Started<R>>,
    toResponse: (entryId: string, result: R) => B,
  ) => {
    router.post(path, deps.rateLimits.rai, async (ctx) => {
      const { entryId, submitted, result } = await start(ctx);
      const answered = await awaitJob(result, entryId);
      answerWithPosition(
        ctx,
        parsePosition(answered.position) ?? submitted.position,
        200,
        toResponse(entryId, answered),
      );
    });
    router.post(`${path}/stream`, deps.rateLimits.rai, (ctx) =>
      streamed(ctx, (onChunk) => start(ctx, onChunk), toResponse),
    );
  };

  journalCall('/api/ai/rai/process-journal', processJournal, (entryId, result): ProcessJournalResponse => ({
    entryId,
    response: result.response,
    mood: result.mood,
    insights: result.insights,
    crisis: result.crisis,
  }));

  journalCall('/api/journal/ai-prompt', askForGuidance, (entryId, answered): JournalPromptResponse => ({
    entryId,
    aiGuidance: answered.aiGuidance,
    crisis: answered.crisis,
  }));

  const reflectionPrompt = async (ctx: Context) => {
    const userId = requireSignedIn(ctx);
    const request = decodeOrThrow(ReflectionPromptRequest, ctx.request.jsonBody);
    const answered = await awaitJob(
      deps.aiJobs.request<ReflectionPromptResult>(
        AI_JOB_KINDS.reflectionPrompt,
        { sessionType: request.sessionType },
        { jobId: randomUUID(), requestedBy: userId, correlationId: ctx.state.correlationId },
      ),
      null,
    );
    ctx.body = { prompt: answered.prompt } satisfies ReflectionPromptResponse;
  };
  router.post('/api/ai/reflection-prompt', deps.rateLimits.rai, reflectionPrompt);
  router.post('/api/ai/rai/reflection-prompt', deps.rateLimits.rai, reflectionPrompt);

  return router;
}
