import { createHash } from 'node:crypto';
import * as t from 'io-ts';
import { EmailReserved, IdentityEvent, type UserEvent } from '@reflections/contracts/identity-events';
import { MESSAGES } from '@reflections/contracts/identity';
import { emailStream, userStream } from '@reflections/contracts/streams';
import { type AppendResult, type EventStore, WrongExpectedRevisionError } from '@reflections/platform/event-store/event-store';
import { conflict } from '@reflections/platform/http/http-error';
import { appendEvents, type CommandContext, loadStream } from '../infra/event-stream';
import { decideUser, evolveUser, initialUser, type User, type UserCommand, type UserRejection } from './user-decider';

const UserEventCodec = IdentityEvent as unknown as t.Type<UserEvent, unknown, unknown>;

export const emailStreamFor = (email: string) => emailStream(createHash('sha256').update(email.trim().toLowerCase()).digest('hex'));

export const loadUser = (store: EventStore, userId: string) => loadStream(store, userStream(userId), UserEventCodec, evolveUser, initialUser);

/** A reservation younger than this may belong to a registration still in flight. */
const ORPHAN_AFTER_MS = 30_000;

async function latestReservation(store: EventStore, email: string) {
  const [latest] = await store.readStream(emailStreamFor(email), { direction: 'backwards', maxCount: 1 });
  const decoded = latest ? EmailReserved.decode({ type: latest.type, data: latest.data }) : null;
  return decoded && decoded._tag === 'Right' ? { userId: decoded.right.data.userId, at: latest.createdAt } : null;
}

/** The user an email address belongs to: the newest reservation on its stream. */
export async function findUserIdByEmail(store: EventStore, email: string): Promise<string | null> {
  return (await latestReservation(store, email))?.userId ?? null;
}

/**
 * Claims an email address for a new user. The reservation stream is appended with
 * expected revision no-stream, so of any number of concurrent registrations exactly
 * one wins. A reservation whose user stream was never written (a crash between the
 * two appends) is taken over once it is older than any registration still in flight,
 * again guarded by the expected revision.
 */
export async function reserveEmail(store: EventStore, email: string, userId: string, context: CommandContext): Promise<void> {
  const stream = emailStreamFor(email);
  const reservation = [{ type: 'EmailReserved', data: { email, userId } }];
  try {
    await appendEvents(store, stream, reservation, context, 'no_stream');
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    const owner = await latestReservation(store, email);
    const ownerState = owner ? (await loadUser(store, owner.userId)).state : null;
    const inFlight = !owner || Date.now() - owner.at.getTime() < ORPHAN_AFTER_MS;
    if (ownerState?.status === 'registered' || inFlight) throw conflict(MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
    try {
      await appendEvents(store, stream, reservation, context, error.actual);
    } catch (retryError) {
      if (retryError instanceof WrongExpectedRevisionError) throw conflict(MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
      throw retryError;
    }
  }
}

export type UserOutcome = { ok: true; state: User; result: AppendResult | null } | { ok: false; reason: UserRejection; state: User };

/** Load, decide, append: the command handler shape for a user's stream. */
export async function handleUserCommand(
  store: EventStore,
  userId: string,
  command: UserCommand | ((state: User) => Promise<UserCommand>),
  context: CommandContext,
): Promise<UserOutcome> {
  const { state, expectedRevision } = await loadUser(store, userId);
  const decision = decideUser(typeof command === 'function' ? await command(state) : command, state);
  if (!decision.ok) return { ok: false, reason: decision.reason, state };
  const next = decision.events.reduce(evolveUser, state);
  const result = await appendEvents(store, userStream(userId), decision.events, context, expectedRevision);
  return { ok: true, state: next, result };
}
