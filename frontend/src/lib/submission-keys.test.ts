import { configureStore } from '@reduxjs/toolkit';
import { answerFetch } from '../../test/fetch-edge';
import { api } from './api';

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    create: build.mutation<unknown, unknown>({ query: (body) => ({ url: '/api/things', method: 'POST', body }) }),
    createKeyed: build.mutation<unknown, { body: unknown; key: string }>({
      query: ({ body, key }) => ({ url: '/api/things', method: 'POST', body, headers: { 'Idempotency-Key': key } }),
    }),
  }),
});

const makeStore = () =>
  configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (d) => d().concat(api.middleware) });
const keysOf = (seen: { headers: Headers }[]) => seen.map((request) => request.headers.get('Idempotency-Key'));

describe('the Idempotency-Key of a submission', () => {
  it('is sent again with a retry of the same words, and is new once they were created', async () => {
    const answers = ['network-error', { status: 503 }, { status: 201, body: {} }, { status: 201, body: {} }] as const;
    const seen = answerFetch(() => answers[seen.length - 1]);
    const store = makeStore();

    for (let attempt = 0; attempt < 4; attempt++)
      await store.dispatch(probe.endpoints.create.initiate({ title: 'Tonight' }));

    const [first, afterNetworkError, afterUnavailable, afterSuccess] = keysOf(seen);
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect([afterNetworkError, afterUnavailable]).toEqual([first, first]);
    expect(afterSuccess).not.toBe(first);
  });

  it('is one key for a second click while the first is still on its way', async () => {
    const seen = answerFetch(() => ({ status: 201, body: {} }));
    const store = makeStore();

    await Promise.all([
      store.dispatch(probe.endpoints.create.initiate({ title: 'Twice clicked' })),
      store.dispatch(probe.endpoints.create.initiate({ title: 'Twice clicked' })),
    ]);

    const [one, other] = keysOf(seen);
    expect(other).toBe(one);
  });

  it('differs for different words, and leaves a key the feature chose', async () => {
    const seen = answerFetch(() => ({ status: 201, body: {} }));
    const store = makeStore();

    await store.dispatch(probe.endpoints.create.initiate({ title: 'One thing' }));
    await store.dispatch(probe.endpoints.create.initiate({ title: 'Another thing' }));
    await store.dispatch(probe.endpoints.createKeyed.initiate({ body: { title: 'Keyed' }, key: 'chosen-by-the-form' }));

    const [one, another, chosen] = keysOf(seen);
    expect(another).not.toBe(one);
    expect(chosen).toBe('chosen-by-the-form');
  });
});
