import { CRISIS_RESOURCES_TEXT, withCrisisResources } from '@reflections/contracts/crisis';
import type { RaiReplyGenerated } from '@reflections/contracts/rai';
import type { AiJob } from '@reflections/contracts/ai-jobs';
import { eventMetadata } from '@reflections/contracts/event-schemas';
import { formatPosition } from '@reflections/contracts/position';
import { journalStream } from '@reflections/contracts/streams';
import type { EventStore, EventToAppend } from '@reflections/platform/event-store/event-store';
import type { CrisisDetector } from '../crisis/crisis-detector';
import { derivedId } from '../ids';
import type { JobTools } from '../job-execution';
import { offlineResponder } from '../responders/offline-responder';
import type { JournalReplyRequest, Responder } from '../responders/responder';

export type RaiDependencies = {
  eventStore: EventStore;
  responder: Responder;
  crisis: CrisisDetector;
  now?: () => Date;
};

export type AnsweredEntry = RaiReplyGenerated['data'] & { position: string };

/** What the member hears when RAI could not answer at all (the reason stays in the logs). */
export const REPLY_FAILED_REASON = 'RAI could not answer this entry. Your words are saved; please try again later.';

export const replyEventId = (entryId: string) => derivedId(entryId, 'RaiReplyGenerated');
const crisisEventId = (entryId: string) => derivedId(entryId, 'CrisisResourcesShown');
const failedEventId = (entryId: string) => derivedId(entryId, 'RaiReplyFailed');

const metadata = (job: AiJob, type: string) => eventMetadata(type, job.requestedBy, job.correlationId);

/** Journal events read per page while looking for a recorded reply. */
const LOOKUP_PAGE = 32;

/**
 * The reply already recorded for this entry (a redelivered or repeated job), if any. A
 * reply is appended after its entry (whose event id is the entry id), so the journal is
 * read backwards from its end only as far as the entry: one short read for a fresh entry,
 * however long the member's journal.
 */
export async function recordedReply(eventStore: EventStore, userId: string, entryId: string): Promise<AnsweredEntry | null> {
  const id = replyEventId(entryId);
  for (let fromRevision: bigint | undefined; fromRevision === undefined || fromRevision >= 0n; ) {
    const page = await eventStore.readStream(journalStream(userId), { direction: 'backwards', fromRevision, maxCount: LOOKUP_PAGE });
    for (const event of page) {
      if (event.id === id) return { ...(event.data as RaiReplyGenerated['data']), position: formatPosition(event.position) };
      if (event.id === entryId) return null;
    }
    if (page.length < LOOKUP_PAGE) return null;
    fromRevision = page[page.length - 1].revision - 1n;
  }
  return null;
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
export async function answerJournalEntry(deps: RaiDependencies, job: AiJob, tools: JobTools, entry: { entryId: string; userId: string } & Omit<JournalReplyRequest, 'seed' | 'crisis'>): Promise<AnsweredEntry> {
  if (!(job.newJobId === true && tools.delivery === 1)) {
    const existing = await recordedReply(deps.eventStore, entry.userId, entry.entryId);
    if (existing) return existing;
  }
  const request: JournalReplyRequest = { purpose: entry.purpose, text: entry.text, prompt: entry.prompt, mood: entry.mood, seed: entry.entryId, crisis: false };
  // The usual reply starts first and the crisis check (a moderation call too, with a key)
  // runs beside it; its words are held until the check answers. When the check fires, that
  // reply is dropped unheard and the crisis reply is asked for instead.
  const held: string[] = [];
  let checked = false;
  const usual = settle(deps.responder.journalReply(request, tools.streaming ? (text) => (checked ? tools.emitChunk(text) : held.push(text)) : null));
  const crisis = await deps.crisis.isCrisis(entry.prompt ? `${entry.prompt}\n${entry.text}` : entry.text);
  let responder = deps.responder;
  let written: Awaited<typeof usual>;
  if (crisis) {
    tools.emitChunk(`${CRISIS_RESOURCES_TEXT}\n\n`);
    const crisisRequest = { ...request, crisis: true };
    const streamed: string[] = [];
    written = await settle(responder.journalReply(crisisRequest, tools.streaming ? (text) => (streamed.push(text), tools.emitChunk(text)) : null));
    if ('error' in written) {
      console.error('crisis reply failed; the offline crisis reply answers:', written.error instanceof Error ? written.error.message : written.error);
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
  const events: EventToAppend[] = [{ id: replyEventId(entry.entryId), type: 'RaiReplyGenerated', data, metadata: metadata(job, 'RaiReplyGenerated') }];
  if (crisis) events.push({ id: crisisEventId(entry.entryId), type: 'CrisisResourcesShown', data: { where: entry.purpose === 'guidance' ? 'journal' : 'chat', shownAt: data.generatedAt }, metadata: metadata(job, 'CrisisResourcesShown') });
  const appended = await deps.eventStore.appendToStream(journalStream(entry.userId), events, { expectedRevision: 'any' });
  return { ...data, position: formatPosition(appended.position) };
}

async function appendFailure(deps: RaiDependencies, job: AiJob, entry: { entryId: string; userId: string }) {
  const data = { entryId: entry.entryId, userId: entry.userId, reason: REPLY_FAILED_REASON, failedAt: (deps.now?.() ?? new Date()).toISOString() };
  await deps.eventStore.appendToStream(journalStream(entry.userId), [{ id: failedEventId(entry.entryId), type: 'RaiReplyFailed', data, metadata: metadata(job, 'RaiReplyFailed') }], { expectedRevision: 'any' });
}

/** A promise's outcome as a value, so a rejection waits for us without going unhandled. */
const settle = <A>(promise: Promise<A>): Promise<{ value: A } | { error: unknown }> => promise.then((value) => ({ value }), (error: unknown) => ({ error }));
