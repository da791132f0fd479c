import { parsePosition } from '@reflections/contracts/position';
import { createAdmin } from '@reflections/testing/sessions-for-test';
import { backendForTest, registration, type TestBackend } from '@reflections/testing/backend-for-test';

describe('report endpoints', () => {
  let backend: TestBackend;
  let adminCookie: string;
  let memberCookie: string;
  let position: string;
  const cookieOf = (response: { headers: Record<string, unknown> }) =>
    (response.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');

  beforeAll(async () => {
    backend = await backendForTest();
    const journey = registration();
    const member = await backend.command.post('/api/auth/register').send(journey).expect(201);
    memberCookie = cookieOf(member);
    // Signing in makes him active in his first week: a retention row of one member.
    await backend.command
      .post('/api/auth/login')
      .send({ email: journey.email, password: journey.password })
      .expect(200);
    await createAdmin(backend.eventStore, { email: 'reports-admin@example.com', password: 'a long passphrase' });
    const login = await backend.command
      .post('/api/auth/login')
      .send({ email: 'reports-admin@example.com', password: 'a long passphrase' })
      .expect(200);
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
    const list = await backend.query
      .get('/api/admin/reports')
      .set('Cookie', adminCookie)
      .set('X-Min-Position', position)
      .expect(200);
    expect(list.body.reports.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['weekly-mood', 'onboarding-answers', 'retention']),
    );
  });

  it("shows a report's rows, columns and chart, counts under 5 as 'fewer than 5'", async () => {
    // Reports do not hold back members' reads, so they follow the log a moment behind.
    let report = await backend.query
      .get('/api/admin/reports/retention')
      .set('Cookie', adminCookie)
      .set('X-Min-Position', position)
      .expect(200);
    for (let attempt = 0; report.body.rows.length === 0 && attempt < 100; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      report = await backend.query.get('/api/admin/reports/retention').set('Cookie', adminCookie).expect(200);
    }
    expect(report.body).toMatchObject({
      name: 'retention',
      title: 'Retention cohorts',
      chart: { kind: 'line', x: 'weeks_after', y: 'percent_active', series: 'cohort_week' },
    });
    expect(report.body.columns.map((c: { field: string }) => c.field)).toEqual([
      'cohort_week',
      'members',
      'weeks_after',
      'active_members',
      'percent_active',
    ]);
    expect(report.body.rows[0]).toMatchObject({
      members: 'fewer than 5',
      weeks_after: 0,
      active_members: 'fewer than 5',
      percent_active: 'fewer than 5',
    });
    const onboarding = await backend.query
      .get('/api/admin/reports/onboarding-answers')
      .set('Cookie', adminCookie)
      .expect(200);
    expect(onboarding.body.rows).toEqual([]);
    await backend.query.get('/api/admin/reports/retention').set('Cookie', memberCookie).expect(403);
  });

  it('downloads a report as CSV', async () => {
    const csv = await backend.query
      .get('/api/admin/reports/onboarding-answers/csv')
      .set('Cookie', adminCookie)
      .set('X-Min-Position', position)
      .expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="onboarding-answers.csv"');
    expect(csv.text.split('\r\n')[0]).toBe('Archetype,Question,Answer,Members');
    // One member's archetype is a group of one: none of its answers may be read.
    expect(csv.text).not.toContain('peacemaker');
    const retention = await backend.query
      .get('/api/admin/reports/retention/csv')
      .set('Cookie', adminCookie)
      .expect(200);
    expect(retention.text).toMatch(/\r\n\d{4}-\d{2}-\d{2},fewer than 5,0,fewer than 5,fewer than 5\r\n/);
  });

  it('answers 404 for a report that does not exist', async () => {
    const missing = await backend.query.get('/api/admin/reports/no-such-report').set('Cookie', adminCookie).expect(404);
    expect(missing.body.error).toBe('No report named no-such-report');
    await backend.query.get('/api/admin/reports/no-such-report/csv').set('Cookie', adminCookie).expect(404);
  });
});
