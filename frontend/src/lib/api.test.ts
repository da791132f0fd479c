import { configureStore } from '@reduxjs/toolkit';
import { answerFetch } from '../../test/fetch-edge';
import { api, errorBody, errorMessage } from './api';

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    read: build.query<unknown, string>({ query: (path) => path }),
    write: build.mutation<unknown, unknown>({ query: (body) => ({ url: '/api/write', method: 'POST', body }) }),
    ping: build.mutation<unknown, void>({ query: () => ({ url: '/api/ping', method: 'POST' }) }),
  }),
});

const makeStore = () =>
  configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (d) => d().concat(api.middleware) });

describe('the base query', () => {
  it('turns a non-OK answer into "{status}: {body}" and keeps the parsed body', async () => {
    answerFetch(() => ({ status: 400, body: { error: 'Name must be at least 2 characters', fields: { name: 'x' } } }));
    const result = await makeStore().dispatch(probe.endpoints.write.initiate({ name: 'J' }));
    expect(errorMessage(result.error)).toBe(
      '400: {"error":"Name must be at least 2 characters","fields":{"name":"x"}}',
    );
    expect(errorBody(result.error)).toEqual({ error: 'Name must be at least 2 characters', fields: { name: 'x' } });
  });

  it('uses the status text when the body is empty', async () => {
    answerFetch(() => ({ status: 503, statusText: 'Service Unavailable' }));
    const result = await makeStore().dispatch(probe.endpoints.read.initiate('/api/empty'));
    expect(errorMessage(result.error)).toBe('503: Service Unavailable');
  });

  it('sends cookies, and a JSON content type with every write, a bodiless one too', async () => {
    const seen = answerFetch(() => ({ status: 200, body: {} }));
    const store = makeStore();
    await store.dispatch(probe.endpoints.write.initiate({ a: 1 }));
    await store.dispatch(probe.endpoints.ping.initiate());
    expect(seen.map((request) => request.credentials)).toEqual(['include', 'include']);
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
    expect(seen[1]?.headers.get('content-type')).toBe('application/json');
  });

  it('remembers the highest X-Position and asks reads to have caught up with it', async () => {
    const positions = ['5:2', '4:9', null];
    const seen = answerFetch(() => {
      const position = positions.shift();
      const headers: Record<string, string> = position ? { 'X-Position': position } : {};
      return { status: 200, body: {}, headers };
    });
    const store = makeStore();
    await store.dispatch(probe.endpoints.write.initiate({}));
    await store.dispatch(probe.endpoints.write.initiate({}));
    await store.dispatch(probe.endpoints.read.initiate('/api/after'));
    expect(seen[1]?.headers.get('X-Min-Position')).toBeNull();
    expect(seen[2]?.headers.get('X-Min-Position')).toBe('5:2');
  });
});
