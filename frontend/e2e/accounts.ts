import type { AuthUser, RegisterRequest, Role } from '@reflections/contracts/identity';
import { JOURNEY_QUESTIONS } from '@reflections/contracts/onboarding';
import { createAdmin } from '@reflections/command/auth/create-admin';
import { connectEventStore } from '@reflections/platform/event-store/connect-event-store';
import type { BrowserContext } from 'playwright-core';
import type { Harness } from './harness';

const PASSWORD = 'campfire-42';

/** The first choice of every journey question, a few words for the written ones. */
function journeyAnswers() {
  return Object.fromEntries(
    JOURNEY_QUESTIONS.map((question) => {
      if (question.kind === 'text') return [question.field, `A few honest words about ${question.field}.`];
      if (question.kind === 'multiple') return [question.field, [question.choices[0].value]];
      return [question.field, question.choices[0].value];
    }),
  );
}

async function expectOk(response: { ok(): boolean; status(): number; text(): Promise<string> }, what: string) {
  if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
}

/** Registers a new member through the API, as the journey does; the context is then signed in. */
export async function signUpMember(
  context: BrowserContext,
  harness: Harness,
  firstName = 'Sam',
): Promise<{ email: string; password: string }> {
  const email = `${firstName.toLowerCase()}-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
  const body = {
    ...journeyAnswers(),
    firstName,
    email,
    password: PASSWORD,
    acceptedTerms: true,
    archetype: '',
  } as RegisterRequest;
  await expectOk(await context.request.post(`${harness.url}/api/auth/register`, { data: body }), 'registration');
  await waitForRole(context, harness, 'member');
  return { email, password: PASSWORD };
}

/** Waits until the query side knows the signed-in user (its projection may trail the command by a moment). */
async function waitForRole(context: BrowserContext, harness: Harness, role: Role) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await context.request.get(`${harness.url}/api/auth/user`);
    if (response.ok() && ((await response.json()) as AuthUser).role === role) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the signed-in user never showed up as ${role}`);
}

/** An account made the way `npm run admin:create` makes one: on the event log, without journey answers. */
async function createAccount(harness: Harness, firstName: string): Promise<{ userId: string; email: string }> {
  const email = `${firstName.toLowerCase()}-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
  const store = await connectEventStore({ eventStoreUrl: null, databaseUrl: harness.databaseUrl });
  try {
    const { userId } = await createAdmin(store, { email, password: PASSWORD, firstName });
    return { userId, email };
  } finally {
    await store.close();
  }
}

/** Creates an admin the way `npm run admin:create` does, then signs the context in as that admin. */
export async function signInAdmin(context: BrowserContext, harness: Harness): Promise<void> {
  const { email } = await createAccount(harness, 'Avery');
  await expectOk(
    await context.request.post(`${harness.url}/api/auth/login`, { data: { email, password: PASSWORD } }),
    'admin sign-in',
  );
  await waitForRole(context, harness, 'admin');
}

/**
 * Signs the context in as a member who never answered the journey's questions: an account
 * `admin:create` made, whose admin role another admin took away.
 */
export async function signInMemberWithoutAnswers(
  context: BrowserContext,
  harness: Harness,
  firstName = 'Kai',
): Promise<void> {
  const { userId, email } = await createAccount(harness, firstName);
  const admin = await harness.browser.newContext();
  try {
    await signInAdmin(admin, harness);
    await expectOk(
      await admin.request.patch(`${harness.url}/api/admin/users/${userId}`, { data: { role: 'member' } }),
      'role change',
    );
  } finally {
    await admin.close();
  }
  await expectOk(
    await context.request.post(`${harness.url}/api/auth/login`, { data: { email, password: PASSWORD } }),
    'member sign-in',
  );
  await waitForRole(context, harness, 'member');
}
