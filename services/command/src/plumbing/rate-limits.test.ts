import pg from 'pg';
import { REMAINING_HEADER } from '@reflections/platform/http/rate-limit';
import { backendForTest, registration, type TestBackend } from '@reflections/testing/backend-for-test';

const LIMITS = {
  failuresPerAccountAddress: 3,
  failuresPerAddress: 7,
  failuresPerAccount: 8,
  registrationsPerAddressPerHour: 3,
  contactMessagesPerAddressPerHour: 2,
  raiRequestsPerMemberPerMinute: 3,
  raiRequestsPerMemberPerDay: 5,
};

const cookieOf = (response: { headers: Record<string, unknown> }) =>
  (response.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');

/** Each test comes from addresses of its own (the backend trusts one proxy, so X-Forwarded-For names the address). */
let nextAddress = 1;
const newAddress = () => `198.51.100.${nextAddress++}`;

describe('rate limits', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await backendForTest({ rateLimits: LIMITS, command: { trustProxyHops: 1 } });
  });
  afterAll(async () => {
    await backend.close();
  });

  const register = (address: string, overrides: Record<string, unknown> = {}) =>
    backend.command.post('/api/auth/register').set('X-Forwarded-For', address).send(registration(overrides));
  const login = (address: string, email: string, password: string) =>
    backend.command.post('/api/auth/login').set('X-Forwarded-For', address).send({ email, password });
  const member = async (address = newAddress()) => {
    const payload = registration();
    const registered = await register(address, payload).expect(201);
    return { email: payload.email, password: payload.password, cookie: cookieOf(registered), address };
  };

  /** Makes every running window and block of one limiter end now: what time would do, without waiting for it. */
  const expire = async (name: string) => {
    const client = new pg.Client({ connectionString: backend.databaseUrl });
    await client.connect();
    await client.query('UPDATE rate_limits SET expire = $1 WHERE key LIKE $2', [Date.now() - 1, `${name}:%`]);
    await client.end();
  };

  describe('sign-in', () => {
    it('blocks an account from an address after its failures, for 15 minutes, then twice as long', async () => {
      const owner = await member();
      const attacker = newAddress();
      for (let guess = 0; guess < LIMITS.failuresPerAccountAddress; guess++)
        await login(attacker, owner.email, `wrong-${guess}`).expect(401);
      const blocked = await login(attacker, owner.email, owner.password).expect(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      expect(blocked.body.error).toMatch(/^Too many sign-in attempts\. Please wait \d+ minutes and try again\.$/);
      await expire('login-pair');
      for (let guess = 0; guess < LIMITS.failuresPerAccountAddress; guess++)
        await login(attacker, owner.email, `again-${guess}`).expect(401);
      const longer = await login(attacker, owner.email, owner.password).expect(429);
      expect(Number(longer.headers['retry-after'])).toBeGreaterThan(29 * 60);
    });

    it('never locks the owner out where he usually signs in, whatever strangers try elsewhere', async () => {
      const owner = await member();
      await login(owner.address, owner.email, owner.password).expect(200);
      for (let stranger = 0; stranger < LIMITS.failuresPerAccount / 2; stranger++) {
        const address = newAddress();
        for (let guess = 0; guess < 2; guess++) await login(address, owner.email, `guess-${guess}`).expect(401);
      }
      const unfamiliar = await login(newAddress(), owner.email, owner.password).expect(429);
      expect(unfamiliar.headers['retry-after']).toBeDefined();
      await login(owner.address, owner.email, owner.password).expect(200);
    });

    it('limits one address trying many accounts, known or not, alike', async () => {
      const address = newAddress();
      for (let account = 0; account < LIMITS.failuresPerAddress; account++)
        await login(address, `nobody-${account}@example.com`, 'guess').expect(401);
      const owner = await member();
      await login(address, owner.email, owner.password).expect(429);
      await login(newAddress(), owner.email, owner.password).expect(200);
    });

    it('starts a pair afresh after the right password', async () => {
      const owner = await member();
      for (let round = 0; round < 2; round++) {
        for (let guess = 0; guess < LIMITS.failuresPerAccountAddress - 1; guess++)
          await login(owner.address, owner.email, 'typo').expect(401);
        await login(owner.address, owner.email, owner.password).expect(200);
      }
    });
  });

  it('limits registrations per address', async () => {
    const address = newAddress();
    for (let account = 0; account < LIMITS.registrationsPerAddressPerHour; account++)
      await register(address).expect(201);
    const refused = await register(address).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.error).toMatch(/^Too many new accounts from this network\./);
    await register(newAddress()).expect(201);
  });

  it('limits contact messages per address', async () => {
    const address = newAddress();
    const message = {
      name: 'Jordan Reyes',
      email: 'jordan@example.com',
      interest: 'coaching',
      message: 'I would like to hear more about coaching.',
    };
    for (let sent = 0; sent < LIMITS.contactMessagesPerAddressPerHour; sent++)
      await backend.command.post('/api/contact').set('X-Forwarded-For', address).send(message).expect(201);
    const refused = await backend.command
      .post('/api/contact')
      .set('X-Forwarded-For', address)
      .send(message)
      .expect(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  describe('RAI', () => {
    const ask = (cookie: string) =>
      backend.command.post('/api/ai/reflection-prompt').set('Cookie', cookie).send({ sessionType: 'check-in' });

    it('gives each member a per-minute quota, counted down in a header, then a calm 429', async () => {
      const sam = await member();
      const remaining = [];
      for (let call = 0; call < LIMITS.raiRequestsPerMemberPerMinute; call++)
        remaining.push((await ask(sam.cookie).expect(200)).headers[REMAINING_HEADER.toLowerCase()]);
      expect(remaining).toEqual(['2', '1', '0']);
      const paused = await ask(sam.cookie).expect(429);
      expect(paused.headers[REMAINING_HEADER.toLowerCase()]).toBe('0');
      expect(Number(paused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(paused.body.error).toMatch(/^RAI needs a short pause/);
      const other = await member();
      await ask(other.cookie).expect(200);
    });

    it('gives each member a daily quota on every RAI route', async () => {
      const sam = await member();
      await ask(sam.cookie).expect(200);
      await ask(sam.cookie).expect(200);
      await backend.command
        .post('/api/journal/ai-prompt')
        .set('Cookie', sam.cookie)
        .send({ userInput: 'Long day, but alright.', mood: 'calm' })
        .expect(200);
      await expire('rai-minute');
      await backend.command
        .post('/api/ai/rai/reflection-prompt')
        .set('Cookie', sam.cookie)
        .send({ sessionType: 'guidance' })
        .expect(200);
      await backend.command
        .post('/api/ai/rai/process-journal')
        .set('Cookie', sam.cookie)
        .send({ journalEntry: 'I kept my word today.', mood: 'calm' })
        .expect(200);
      const resting = await backend.command
        .post('/api/ai/rai/process-journal/stream')
        .set('Cookie', sam.cookie)
        .send({ journalEntry: 'One more thought.', mood: 'calm' })
        .expect(429);
      expect(resting.body.error).toMatch(
        /^You have reflected with RAI a lot today\. RAI will be back for you in \d+ hours?; your words are still here\.$/,
      );
      expect(Number(resting.headers['retry-after'])).toBeGreaterThan(60 * 60);
    });

    it('counts the prompts of a five-minute story against the same quota', async () => {
      const sam = await member();
      const started = await backend.command
        .post('/api/five-minute-story/session')
        .set('Cookie', sam.cookie)
        .send({ sessionStatus: 'started', currentStep: 1, aiPrompts: [], userResponses: [] })
        .expect(201);
      expect(started.headers[REMAINING_HEADER.toLowerCase()]).toBe('2');
      await ask(sam.cookie).expect(200);
      await ask(sam.cookie).expect(200);
      await backend.command
        .put(`/api/five-minute-story/session/${started.body.id}`)
        .set('Cookie', sam.cookie)
        .send({ userResponses: ['An honest answer.'] })
        .expect(429);
    });

    it('leaves a signed-out request to the route, which asks to sign in', async () => {
      await backend.command.post('/api/ai/reflection-prompt').send({ sessionType: 'check-in' }).expect(401);
    });
  });
});
