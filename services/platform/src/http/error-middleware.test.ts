import { Writable } from 'node:stream';
import Router from '@koa/router';
import Koa from 'koa';
import pg from 'pg';
import supertest from 'supertest';
import { createTestDatabase } from '../testing/test-database';
import { createLogger } from '../log/logger';
import { correlationId } from './correlation';
import { errorMiddleware } from './error-middleware';
import { jsonBody } from './json-body';
import { logServerErrors } from './server-errors';

/** Everything the logger writes, as text, to grep like an operator would. */
function capturedLog() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger({ destination }), text: () => lines.join('') };
}

const MEMBER_TEXT = 'I have not told anyone how dark the nights got';
const EMAIL = 'quiet.reader@example.com';

describe('failures answered by the error middleware', () => {
  let pool: pg.Pool;
  let unreachable: pg.Pool;
  const log = capturedLog();
  let request: ReturnType<typeof supertest>;
  let app: Koa;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 2 });
    pool.on('error', () => undefined);
    // A check constraint's violation carries the whole failing row in PostgreSQL's `detail`.
    await pool.query('CREATE TABLE entries (email text, words text CHECK (length(words) < 10))');
    // Nothing listens on port 1.
    unreachable = new pg.Pool({ connectionString: 'postgres://nobody:x@127.0.0.1:1/none', max: 1 });
    app = logServerErrors(new Koa(), { logger: log.logger });
    app.use(errorMiddleware({ logger: log.logger }));
    app.use(correlationId());
    app.use(jsonBody({ limitBytes: 64 * 1024 }));
    const router = new Router();
    router.post('/api/entries', async (ctx) => {
      const { email, words } = ctx.request.jsonBody as { email: string; words: string };
      await pool.query('INSERT INTO entries (email, words) VALUES ($1, $2)', [email, words]);
      ctx.status = 201;
    });
    router.post('/api/entries/unreachable', async (ctx) => {
      await unreachable.query('SELECT 1');
      ctx.status = 201;
    });
    router.post('/api/entries/terminated', async (ctx) => {
      // The server ends this very connection, as a failover or a restart would.
      await pool.query('SELECT pg_terminate_backend(pg_backend_pid())');
      ctx.status = 201;
    });
    app.use(router.routes());
    request = supertest(app.callback());
  });

  afterAll(async () => {
    await pool.end();
    await unreachable.end();
  });

  it('logs a bug with the request id and route, and none of the member words, email or SQL values sent', async () => {
    const response = await request
      .post('/api/entries')
      .set('X-Request-Id', 'req-0123456789')
      .send({ email: EMAIL, words: MEMBER_TEXT });

    expect(response.status).toBe(500);
    expect(response.body.error).toBe('Something went wrong on our side. Please try again.');
    const written = log.text();
    expect(written).toContain('req-0123456789');
    expect(written).toContain('/api/entries');
    expect(written).toContain('entries_words_check');
    expect(written).not.toContain('dark the nights');
    expect(written).not.toContain('quiet.reader');
  });

  it('answers 503 with Retry-After when the database cannot be reached', async () => {
    const response = await request.post('/api/entries/unreachable').send({});

    expect(response.status).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.body.error).toMatch(/try again/);
    expect(log.text()).toContain('dependency unavailable');
  });

  it('answers 503 with Retry-After when the database ends the connection', async () => {
    const response = await request.post('/api/entries/terminated').send({});

    expect(response.status).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps Koa from printing a raw database error that escapes every handler', () => {
    const failure = Object.assign(
      new Error(
        `insert into "entries" values ('${MEMBER_TEXT}') - violates check constraint\n - detail: Failing row contains (${EMAIL})`,
      ),
      { sqlState: '23514' },
    );
    const before = log.text().length;

    app.emit('error', failure);

    const written = log.text().slice(before);
    expect(written).toContain('violates check constraint');
    expect(written).not.toContain('dark the nights');
    expect(written).not.toContain('quiet.reader');
  });
});
