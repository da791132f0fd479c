import { CRISIS_RESOURCES_TEXT, withCrisisResources } from '@reflections/contracts/crisis';
import type { RaiReplyGenerated } from '@reflections/contracts/rai';
import type { AiJob } from '@reflections/contracts/ai-jobs';
import { formatPosition } from '@reflections/contracts/position';
import { journalStream } from '@reflections/contracts/streams';
import type { CommandContext } from '@reflections/platform/command/command-context';
import { appended, handleCommand } from '@reflections/platform/command/command-handler';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { logger } from '@reflections/platform/log/logger';
import { safeError } from '@reflections/platform/log/safe-error';
import { derivedId } from '@reflections/platform/ids/derived-id';
import { type JournalCommand, journalDecider } from '@reflections/ai-client/journal-decider';
import { type AnsweredEntry, recordedReply, replyEventId } from '@reflections/ai-client/recorded-reply';
import type { CrisisCheck } from '@reflections/crisis/crisis-check';
import type { JobTools } from '../job-execution';
import { offlineResponder } from '../responders/offline-responder';
import type { JournalReplyRequest, Responder } from '../responders/responder';

export type RaiDependencies = {
  eventStore: EventStore;
  responder: Responder;
  crisis: CrisisCheck;
  now?: () => Date;
};

/** What the member hears when RAI could not answer at all (the reason stays in the logs). */
export const REPLY_FAILED_REASON = 'RAI could not answer this entry. Your words are saved; please try again later.';

const crisisEventId = (entryId: string) => derivedId(entryId, 'CrisisResourcesShown');
const failedEventId = (entryId: string) => derivedId(entryId, 'RaiReplyFailed');

/**
 * Appends through the journal's decider on behalf of the member who asked, with ids derived
 * from the entry id (a redelivered job appends the same events, kept once).
 */
async function recordInJournal(
  eventStore: EventStore,
  job: AiJob,
  userId: string,
  command: JournalCommand,
  eventIds: readonly string[],
) {
  const context: CommandContext = { userId: job.requestedBy, correlationId: job.correlationId };
  return appended(
    await handleCommand(eventStore, journalStream(userId), journalDecider, command, context, {
      appendOnly: true,
      eventIds,
    }),
  );
}

/** Journal events read per page while looking for a recorded reply. */
const LOOKUP_PAGE = 32;

/** A pause longer than this starts a new conversation with RAI. */
const CONVERSATION_GAP_MS = 3 * 60 * 60 * 1000;

/**
 * RAI's replies to this member in the conversation going on (within the last page of his
 * journal, none older than the gap), newest first: the offline RAI says it is offline once
 * and does not ask the same question twice.
 */
export async function conversationSoFar(eventStore: EventStore, userId: string, now: Date): Promise<string[]> {
  const page = await eventStore.readStream(journalStream(userId), { direction: 'backwards', maxCount: LOOKUP_PAGE });
  return page
    .filter((event) => event.type === 'RaiReplyGenerated')
    .map((event) => event.data as RaiReplyGenerated['data'])
    .filter((reply) => now.getTime() - Date.parse(reply.generatedAt) < CONVERSATION_GAP_MS)
    .map((reply) => reply.reply);
}

/**
 * Answers one journal entry: crisis check, the responder's reply, then RaiReplyGenerated
 * (and CrisisResourcesShown) appended with ids derived from the entry id, before the job is
 * acked. A redelivered or repeated job whose reply is already recorded is answered from it
 * without calling the model; a new entry's first delivery has nothing recorded, so its
 * model call starts at once.
 *
 * When the check fires, the crisis reply overrides everything else: the resources are
 * streamed first, the responder answers with its crisis reply (safe messaging, no mood
 * read), and if it fails the offline crisis reply is recorded at once, on any delivery, so
 * a man in crisis is never left waiting for retries. Otherwise a failure at the last
 * delivery is recorded as RaiReplyFailed.
 */
export async function answerJournalEntry(
  deps: RaiDependencies,
  job: AiJob,
  tools: JobTools,
  entry: { entryId: string; userId: string } & Omit<JournalReplyRequest, 'seed' | 'crisis'>,
): Promise<AnsweredEntry> {
  if (!(job.newJobId === true && tools.delivery === 1)) {
    const existing = await recordedReply(deps.eventStore, entry.userId, entry.entryId);
    if (existing) return existing;
  }
  // The member's data key is looked up (made, for a member new to the log) while the model
  // writes, so the reply's append does not wait for it; its failure is left to the append.
  const memberReady = deps.eventStore.prepareForMember?.(entry.userId).catch(() => undefined);
  // Only the offline RAI words its reply by what it said before; the model is not sent it, so
  // its first words do not wait for a read of the journal.
  const earlierReplies =
    deps.responder.name === 'offline'
      ? await conversationSoFar(deps.eventStore, entry.userId, deps.now?.() ?? new Date())
      : undefined;
  const request: JournalReplyRequest = {
    purpose: entry.purpose,
    text: entry.text,
    prompt: entry.prompt,
    mood: entry.mood,
    seed: entry.entryId,
    crisis: false,
    earlierReplies,
  };
  // The usual reply starts first and the crisis check (a moderation call too, with a key)
  // runs beside it; its words are held until the check answers. When the check fires, that
  // reply is dropped unheard and the crisis reply is asked for instead.
  const held: string[] = [];
  let checked = false;
  const usual = settle(
    deps.responder.journalReply(
      request,
      tools.streaming ? (text) => (checked ? tools.emitChunk(text) : held.push(text)) : null,
    ),
  );
  const crisis = await deps.crisis(entry.prompt ? `${entry.prompt}\n${entry.text}` : entry.text);
  let responder = deps.responder;
  let written: Awaited<typeof usual>;
  if (crisis) {
    tools.emitChunk(`${CRISIS_RESOURCES_TEXT}\n\n`);
    const crisisRequest = { ...request, crisis: true };
    const streamed: string[] = [];
    written = await settle(
      responder.journalReply(
        crisisRequest,
        tools.streaming ? (text) => (streamed.push(text), tools.emitChunk(text)) : null,
      ),
    );
    if ('error' in written) {
      logger.error({ err: safeError(written.error) }, 'crisis reply failed; the offline crisis reply answers');
      responder = offlineResponder({ chunkDelayMs: 0 });
      // Words the failed reply already streamed are followed by a fresh start, never silently joined to it.
      if (streamed.length > 0) tools.emitChunk('\n\n');
      written = { value: await responder.journalReply(crisisRequest, tools.streaming ? tools.emitChunk : null) };
    }
  } else {
    checked = true;
    held.forEach((text) => tools.emitChunk(text));
    written = await usual;
    if ('error' in written) {
      if (tools.lastDelivery) await appendFailure(deps, job, entry);
      throw written.error;
    }
  }
  const { value } = written;
  const data: RaiReplyGenerated['data'] = {
    entryId: entry.entryId,
    userId: entry.userId,
    reply: crisis ? withCrisisResources(value.reply) : value.reply,
    mood: crisis ? null : value.mood,
    insights: value.insights,
    responder: responder.name,
    crisis,
    generatedAt: (deps.now?.() ?? new Date()).toISOString(),
  };
  await memberReady;
  const recorded = await recordInJournal(
    deps.eventStore,
    job,
    entry.userId,
    { type: 'RecordRaiReply', reply: data, where: entry.purpose === 'guidance' ? 'journal' : 'chat' },
    [replyEventId(entry.entryId), crisisEventId(entry.entryId)],
  );
  return { ...data, position: formatPosition(recorded.position) };
}

async function appendFailure(deps: RaiDependencies, job: AiJob, entry: { entryId: string; userId: string }) {
  await recordInJournal(
    deps.eventStore,
    job,
    entry.userId,
    {
      type: 'RecordRaiReplyFailure',
      entryId: entry.entryId,
      userId: entry.userId,
      reason: REPLY_FAILED_REASON,
      failedAt: (deps.now?.() ?? new Date()).toISOString(),
    },
    [failedEventId(entry.entryId)],
  );
}

/** A promise's outcome as a value, so a rejection waits for us without going unhandled. */
const settle = <A>(promise: Promise<A>): Promise<{ value: A } | { error: unknown }> =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
