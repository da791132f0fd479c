import { READ_MODELS } from '@reflections/contracts/admin';
import { parsePosition } from '@reflections/contracts/position';
import { backendForTest, registration, type TestBackend } from '@reflections/testing/backend-for-test';
import { openLiveStream } from '@reflections/testing/live-stream';
import { signedInAdmin, type TestSession } from '@reflections/testing/sessions-for-test';

type Change = { position: string; readModels: string[] };

/** Opens the admin's live stream, as his screen does (reconnecting with the last id it saw). */
const openLive = (backend: TestBackend, admin: TestSession, lastEventId?: string) =>
  openLiveStream<Change>(`${backend.queryUrl}/api/admin/live`, {
    cookie: admin.cookie,
    ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
  });

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
    const change = await live.next((frame) => frame.data.readModels.includes(READ_MODELS.users), 5000);
    expect(change.id).toBe(change.data.position);
    live.close();
  });

  it('catches a reconnecting screen up at once when changes happened while it was away', async () => {
    const first = await openLive(backend, admin);
    await backend.command.post('/api/auth/register').send(registration()).expect(201);
    const seen = await first.next(() => true, 2000);
    first.close();
    const missed = await backend.command.post('/api/auth/register').send(registration()).expect(201);
    await backend.runtime.waitFor(parsePosition(missed.headers['x-position'])!, 5000);
    const again = await openLive(backend, admin, seen.id);
    const catchUp = await again.next(() => true, 5000);
    expect(catchUp.data.readModels).toEqual(['*']);
    again.close();

    const upToDate = await openLive(backend, admin, catchUp.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(upToDate.frames).toEqual([]);
    upToDate.close();
  });
});
