import { READ_MODELS } from '@reflections/contracts/admin';
import { parsePosition } from '@reflections/contracts/position';
import { backendForTest, registration, type TestBackend } from '@reflections/testing/backend-for-test';
import { signedInAdmin, type TestSession } from '@reflections/testing/sessions-for-test';

type Frame = { id: string; event: string; data: { position: string; readModels: string[] } };

/** Opens the admin's live stream and collects its frames. */
async function openLive(backend: TestBackend, admin: TestSession, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${backend.queryUrl}/api/admin/live`, {
    headers: { cookie: admin.cookie, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  const frames: Frame[] = [];
  const waiting: (() => void)[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          // A field is `name:value`, with at most one space after the colon.
          const field = (name: string) =>
            lines
              .find((line) => line.startsWith(`${name}:`))
              ?.slice(name.length + 1)
              .replace(/^ /, '');
          if (field('event') === 'change')
            frames.push({ id: field('id')!, event: 'change', data: JSON.parse(field('data')!) });
          waiting.splice(0).forEach((wake) => wake());
        }
      }
    } catch {
      // aborted
    }
  })();
  const nextChange = async (matching: (frame: Frame) => boolean, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = frames.find(matching);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching change within ${timeoutMs} ms; got ${JSON.stringify(frames)}`);
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        setTimeout(resolve, left);
      });
    }
  };
  return { response, frames, nextChange, close: () => controller.abort() };
}

describe('the admin live stream', () => {
  let backend: TestBackend;
  let admin: TestSession;
  beforeAll(async () => {
    backend = await backendForTest();
    admin = await signedInAdmin(backend);
    await backend.runtime.caughtUp();
  });
  afterAll(async () => {
    await backend.close();
  });

  it('tells an open admin screen, without being asked, that a registration moved the users read model', async () => {
    const live = await openLive(backend, admin);
    expect(live.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await backend.command.post('/api/auth/register').send(registration()).expect(201);
    const change = await live.nextChange((frame) => frame.data.readModels.includes(READ_MODELS.users), 5000);
    expect(change.id).toBe(change.data.position);
    live.close();
  });

  it('catches a reconnecting screen up at once when changes happened while it was away', async () => {
    const first = await openLive(backend, admin);
    await backend.command.post('/api/auth/register').send(registration()).expect(201);
    const seen = await first.nextChange(() => true, 2000);
    first.close();
    const missed = await backend.command.post('/api/auth/register').send(registration()).expect(201);
    await backend.runtime.waitFor(parsePosition(missed.headers['x-position'])!, 5000);
    const again = await openLive(backend, admin, seen.id);
    const catchUp = await again.nextChange(() => true, 5000);
    expect(catchUp.data.readModels).toEqual(['*']);
    again.close();

    const upToDate = await openLive(backend, admin, catchUp.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(upToDate.frames).toEqual([]);
    upToDate.close();
  });
});
