import { createHash } from 'node:crypto';
import { EmailEvent } from '@reflections/contracts/identity-events';
import { MESSAGES } from '@reflections/contracts/identity';
import { emailStream, userStream } from '@reflections/contracts/streams';
import { type EventStore, WrongExpectedRevisionError } from '@reflections/platform/event-store/event-store';
import { conflict } from '@reflections/platform/http/http-error';
import type { ActingUser } from '@reflections/platform/session/require-role';
import { appendEvents, loadStream } from '@reflections/platform/command/command-handler';
import type { CommandContext } from '@reflections/platform/command/command-context';
import { userDecider } from './user-decider';

export const emailStreamFor = (email: string) =>
  emailStream(createHash('sha256').update(email.trim().toLowerCase()).digest('hex'));

export const loadUser = (store: EventStore, userId: string) => loadStream(store, userStream(userId), userDecider);

/** A registered user as his own stream knows him, for requireRole; null for anyone else. */
export const registeredUser =
  (store: EventStore) =>
  async (userId: string): Promise<ActingUser | null> => {
    const { state } = await loadUser(store, userId);
    return state.status === 'registered' ? { id: userId, role: state.role } : null;
  };

/** A registered member's first name (a booking carries it), null for anyone else. */
export const registeredFirstName =
  (store: EventStore) =>
  async (userId: string): Promise<string | null> => {
    const { state } = await loadUser(store, userId);
    return state.status === 'registered' ? state.firstName : null;
  };

/** A reservation younger than this may belong to a registration still in flight. */
const ORPHAN_AFTER_MS = 30_000;

/** The newest event on an address's stream: who reserved it and when, or that it was released. */
async function latestReservation(store: EventStore, email: string) {
  const [latest] = await store.readStream(emailStreamFor(email), { direction: 'backwards', maxCount: 1 });
  const decoded = latest ? EmailEvent.decode({ type: latest.type, data: latest.data }) : null;
  if (!decoded || decoded._tag === 'Left') return null;
  return {
    userId: decoded.right.data.userId,
    at: latest.createdAt,
    revision: latest.revision,
    released: decoded.right.type === 'EmailReleased',
  };
}

/** The user an email address belongs to: the newest reservation on its stream, unless it was released. */
export async function findUserIdByEmail(store: EventStore, email: string): Promise<string | null> {
  const latest = await latestReservation(store, email);
  return latest && !latest.released ? latest.userId : null;
}

/**
 * Claims an email address for a new user. The reservation stream is appended with
 * expected revision no-stream, so of any number of concurrent registrations exactly
 * one wins. A reservation whose user stream was never written (a crash between the
 * two appends) is taken over once it is older than any registration still in flight,
 * again guarded by the expected revision.
 */
export async function reserveEmail(
  store: EventStore,
  email: string,
  userId: string,
  keyedContext: CommandContext,
): Promise<void> {
  const stream = emailStreamFor(email);
  const reservation = [{ type: 'EmailReserved', data: { email, userId } }];
  // Reserved, released and reserved again by retries of one request: each is an event of its own.
  const context = { ...keyedContext, eventIdSeed: undefined };
  try {
    await appendEvents(store, stream, reservation, context, 'no_stream');
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    const owner = await latestReservation(store, email);
    // Ours already: a retry of this very registration (its user id comes from its Idempotency-Key) whose first answer was lost.
    if (owner && !owner.released && owner.userId === userId) return;
    if (!owner?.released) {
      const ownerState = owner ? (await loadUser(store, owner.userId)).state : null;
      const inFlight = !owner || Date.now() - owner.at.getTime() < ORPHAN_AFTER_MS;
      if (ownerState?.status === 'registered' || inFlight)
        throw conflict(MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
    }
    try {
      await appendEvents(store, stream, reservation, context, error.actual);
    } catch (retryError) {
      if (retryError instanceof WrongExpectedRevisionError)
        throw conflict(MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
      throw retryError;
    }
  }
}

/**
 * Gives the address back after this user's registration failed, so a retry succeeds at once
 * instead of waiting out ORPHAN_AFTER_MS. Only while the reservation is still this user's
 * and no user was recorded (the failed append may have committed after all); best effort:
 * with the database out of reach, the orphan rule above frees it later.
 */
export async function releaseEmail(
  store: EventStore,
  email: string,
  userId: string,
  context: CommandContext,
): Promise<void> {
  const latest = await latestReservation(store, email);
  if (!latest || latest.released || latest.userId !== userId) return;
  if ((await loadUser(store, userId)).state.status === 'registered') return;
  await appendRelease(store, email, userId, latest.revision, context);
}

/**
 * Gives back an address this member no longer signs in with: the old one after his email
 * changed, or the new one when the change failed after reserving it.
 */
export async function releaseEmailOf(
  store: EventStore,
  email: string,
  userId: string,
  context: CommandContext,
): Promise<void> {
  const latest = await latestReservation(store, email);
  if (!latest || latest.released || latest.userId !== userId) return;
  await appendRelease(store, email, userId, latest.revision, context);
}

/** Released at the revision it was read at: a reservation that came in between wins. */
async function appendRelease(
  store: EventStore,
  email: string,
  userId: string,
  revision: bigint,
  context: CommandContext,
): Promise<void> {
  await appendEvents(
    store,
    emailStreamFor(email),
    [{ type: 'EmailReleased', data: { email, userId } }],
    { ...context, eventIdSeed: undefined },
    revision,
  ).catch((error: unknown) => {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  });
}
