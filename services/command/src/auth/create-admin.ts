import { randomUUID } from 'node:crypto';
import { DEFAULT_ARCHETYPE } from '@reflections/contracts/archetypes';
import { FirstName, MESSAGES } from '@reflections/contracts/identity';
import { isAcceptablePassword } from '@reflections/contracts/onboarding';
import { isEmail, toErrorBody } from '@reflections/contracts/validation';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { userStream } from '@reflections/contracts/streams';
import { handleCommand } from '@reflections/platform/command/command-handler';
import { findUserIdByEmail, reserveEmail } from './identity-store';
import { userDecider } from './user-decider';
import { hashPassword } from './password';

export type CreateAdminResult = { userId: string; created: boolean };

/**
 * Creates an admin, or promotes an existing member (RoleGranted) and sets the given
 * password. Works on the event log directly, so it does not matter whether the app is
 * running: its projectors pick the events up live or at the next start.
 */
export async function createAdmin(
  store: EventStore,
  options: { email: string; password: string; firstName?: string },
): Promise<CreateAdminResult> {
  const email = options.email.trim().toLowerCase();
  if (!isEmail(email)) throw new Error('Please enter a valid email address.');
  if (!isAcceptablePassword(options.password)) throw new Error(MESSAGES.passwordTooShort);
  const firstName = FirstName.decode(options.firstName ?? 'Admin');
  if (firstName._tag === 'Left') throw new Error(toErrorBody(firstName.left).error);
  const context = { userId: null, correlationId: `admin-cli-${randomUUID()}` };
  const now = new Date().toISOString();
  const passwordHash = await hashPassword(options.password);
  const existing = await findUserIdByEmail(store, email);
  const userId = existing ?? randomUUID();
  if (existing) {
    await handleCommand(store, userStream(userId), userDecider, { type: 'ChangePassword', passwordHash, now }, context);
  } else {
    await reserveEmail(store, email, userId, context);
    await handleCommand(
      store,
      userStream(userId),
      userDecider,
      {
        type: 'RegisterUser',
        userId,
        email,
        firstName: firstName.right,
        passwordHash,
        answers: null,
        archetype: DEFAULT_ARCHETYPE,
        now,
      },
      context,
    );
  }
  const granted = await handleCommand(
    store,
    userStream(userId),
    userDecider,
    { type: 'GrantRole', role: 'admin', now },
    context,
  );
  if (!granted.ok) throw new Error(`could not grant the admin role: ${granted.reason}`);
  return { userId, created: !existing };
}
