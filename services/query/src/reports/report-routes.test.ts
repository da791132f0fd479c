import { parsePosition } from '@reflections/contracts/position';
import { createAdmin } from '@reflections/infra/admin/create-admin';
import { backendForTest, registration, type TestBackend } from '@reflections/infra/testing/backend-for-test';

describe('report endpoints', () => {
  let backend: TestBackend;
  let adminCookie: string;
  let memberCookie: string;
  let position: string;
  const cookieOf = (response: { headers: Record<string, unknown> }) => (response.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');

  beforeAll(async () => {
    backend = await backendForTest();
    const member = await backend.command.post('/api/auth/register').send(registration()).expect(201);
    memberCookie = cookieOf(member);
    await createAdmin(backend.eventStore, { email: 'reports-admin@example.com', password: 'a long passphrase' });
    const login = await backend.command.post('/api/auth/login').send({ email: 'reports-admin@example.com', password: 'a long passphrase' }).expect(200);
    adminCookie = cookieOf(login);
    position = login.headers['x-position'];
    // Both sessions' users must be in the read model before the role checks read it.
    await backend.runtime.waitFor(parsePosition(position)!, 10_000);
  });
  afterAll(async () => {
    await backend.close();
  });

  it('lists the reports to admins only', async () => {
    await backend.query.get('/api/admin/reports').expect(401);
    await backend.query.get('/api/admin/reports').set('Cookie', memberCookie).expect(403);
    const list = await backend.query.get('/api/admin/reports').set('Cookie', adminCookie).set('X-Min-Position', position).expect(200);
    expect(list.body.reports.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['weekly-mood', 'onboarding-answers', 'retention']));
  });

  it("shows a report's rows, columns and chart, and the registration the journey just made", async () => {
    // Reports do not hold back members' reads, so they follow the log a moment behind.
    let report = await backend.query.get('/api/admin/reports/onboarding-answers').set('Cookie', adminCookie).set('X-Min-Position', position).expect(200);
    for (let attempt = 0; report.body.rows.length === 0 && attempt < 100; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      report = await backend.query.get('/api/admin/reports/onboarding-answers').set('Cookie', adminCookie).expect(200);
    }
    expect(report.body).toMatchObject({ name: 'onboarding-answers', title: 'Onboarding answers by archetype', chart: null });
    expect(report.body.columns.map((c: { field: string }) => c.field)).toEqual(['archetype', 'question', 'answer', 'members']);
    expect(report.body.rows).toContainEqual({ archetype: 'peacemaker', question: 'innerLandscape', answer: 'storm', members: 1 });
    await backend.query.get('/api/admin/reports/retention').set('Cookie', memberCookie).expect(403);
  });

  it('downloads a report as CSV', async () => {
    const csv = await backend.query.get('/api/admin/reports/onboarding-answers/csv').set('Cookie', adminCookie).set('X-Min-Position', position).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="onboarding-answers.csv"');
    expect(csv.text.split('\r\n')[0]).toBe('Archetype,Question,Answer,Members');
    expect(csv.text).toContain('peacemaker,innerLandscape,storm,1');
  });

  it('answers 404 for a report that does not exist', async () => {
    const missing = await backend.query.get('/api/admin/reports/no-such-report').set('Cookie', adminCookie).expect(404);
    expect(missing.body.error).toBe('No report named no-such-report');
    await backend.query.get('/api/admin/reports/no-such-report/csv').set('Cookie', adminCookie).expect(404);
  });
});
