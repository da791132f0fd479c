import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { routersOf } from '@reflections/platform/http/routers-by-prefix';
import type Koa from 'koa';
import { parsePosition } from '@reflections/contracts/position';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { signedInAdmin, signedUpMember, type TestSession } from '@reflections/testing/sessions-for-test';

type Fixtures = {
  memberId: string;
  bookingId: string;
  announcementId: string;
  withdrawableId: string;
  postId: string;
  replyId: string;
  reportId: string;
  contactMessageId: string;
  /** A member the admin's delete action may erase, apart from the one the other rules use. */
  erasableId: string;
};
type Rule = { access: 'admin' | 'member'; body?: (f: Fixtures) => unknown; path?: (f: Fixtures) => string };

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

/**
 * Who may call each endpoint of the admin panel and of members' bookings and announcements.
 * Every route under /api/admin in either app must have a rule here: a new one without a rule fails.
 */
const RULES: Record<string, Rule> = {
  'GET /api/admin/stats': { access: 'admin' },
  'GET /api/admin/membership-trends': { access: 'admin' },
  'GET /api/admin/community-pulse': { access: 'admin' },
  'GET /api/admin/crisis-count': { access: 'admin' },
  'GET /api/admin/crisis-detections': { access: 'admin' },
  'GET /api/admin/system-health': { access: 'admin' },
  'GET /api/admin/users': { access: 'admin', path: () => '/api/admin/users?search=sam' },
  'GET /api/admin/upcoming-events': { access: 'admin' },
  'GET /api/admin/bookings': { access: 'admin' },
  'GET /api/admin/announcements': { access: 'admin' },
  'GET /api/admin/live': { access: 'admin' },
  'POST /api/admin/users/:id/erase': {
    access: 'admin',
    path: (f) => `/api/admin/users/${f.erasableId}/erase`,
    body: () => ({ reason: 'asked-an-admin' }),
  },
  'PATCH /api/admin/users/:id': {
    access: 'admin',
    path: (f) => `/api/admin/users/${f.memberId}`,
    body: () => ({ membershipType: 'premium' }),
  },
  'POST /api/admin/bookings': {
    access: 'admin',
    body: (f) => ({
      userId: f.memberId,
      sessionTitle: 'Coaching with Ada',
      serviceType: 'coaching',
      scheduledAt: inAWeek(),
    }),
  },
  'PATCH /api/admin/bookings/:id': {
    access: 'admin',
    path: (f) => `/api/admin/bookings/${f.bookingId}`,
    body: () => ({ status: 'completed' }),
  },
  'POST /api/admin/announcements': {
    access: 'admin',
    body: () => ({ title: 'Campfire night', body: 'Join us on Friday at the fire.' }),
  },
  'PUT /api/admin/announcements/:id': {
    access: 'admin',
    path: (f) => `/api/admin/announcements/${f.announcementId}`,
    body: () => ({ title: 'Campfire night', body: 'Moved to Saturday at the fire.' }),
  },
  'DELETE /api/admin/announcements/:id': {
    access: 'admin',
    path: (f) => `/api/admin/announcements/${f.withdrawableId}`,
  },
  'POST /api/admin/deploy': { access: 'admin' },
  'POST /api/admin/ai-assistant': { access: 'admin', body: () => ({ question: 'How are we doing?', context: {} }) },
  'GET /api/bookings': { access: 'member' },
  'POST /api/bookings': {
    access: 'member',
    body: () => ({ sessionTitle: 'First coaching call', serviceType: 'coaching', scheduledAt: inAWeek() }),
  },
  'GET /api/announcements': { access: 'member' },
  'GET /api/admin/moderation/reports': { access: 'admin' },
  'GET /api/admin/moderation/slow-mode': { access: 'admin' },
  'PUT /api/admin/moderation/boards/:board/slow-mode': {
    access: 'admin',
    path: () => '/api/admin/moderation/boards/campfire/slow-mode',
    body: () => ({ seconds: 0, reason: 'Checking who may change it' }),
  },
  'POST /api/admin/moderation/posts/:postId/hide': {
    access: 'admin',
    path: (f) => `/api/admin/moderation/posts/${f.postId}/hide`,
  },
  'POST /api/admin/moderation/posts/:postId/restore': {
    access: 'admin',
    path: (f) => `/api/admin/moderation/posts/${f.postId}/restore`,
  },
  'POST /api/admin/moderation/posts/:postId/replies/:replyId/hide': {
    access: 'admin',
    path: (f) => `/api/admin/moderation/posts/${f.postId}/replies/${f.replyId}/hide`,
  },
  'POST /api/admin/moderation/posts/:postId/replies/:replyId/restore': {
    access: 'admin',
    path: (f) => `/api/admin/moderation/posts/${f.postId}/replies/${f.replyId}/restore`,
  },
  'POST /api/admin/moderation/posts/:postId/reports/:reportId/dismiss': {
    access: 'admin',
    path: (f) => `/api/admin/moderation/posts/${f.postId}/reports/${f.reportId}/dismiss`,
  },
  'GET /api/admin/reports': { access: 'admin' },
  'GET /api/admin/reports/:name': { access: 'admin', path: () => '/api/admin/reports/onboarding-answers' },
  'GET /api/admin/reports/:name/csv': { access: 'admin', path: () => '/api/admin/reports/onboarding-answers/csv' },
  'GET /api/admin/contact-messages': { access: 'admin', path: () => '/api/admin/contact-messages?status=new' },
  'POST /api/admin/contact-messages/:id/status': {
    access: 'admin',
    path: (f) => `/api/admin/contact-messages/${f.contactMessageId}/status`,
    body: () => ({ status: 'answered' }),
  },
};

/** Every METHOD path the app's routers serve (HEAD aside, which follows GET). */
function routesOf(app: Koa): string[] {
  return routersOf(app).flatMap((router) =>
    router.stack
      .filter((layer) => layer.methods.length > 0)
      .flatMap((layer) =>
        layer.methods.filter((m) => m !== 'HEAD').map((method) => `${method} ${String(layer.path).replace(/\/$/, '')}`),
      ),
  );
}

/** The status of a call; an event stream is closed as soon as its headers arrive. */
async function statusOf(
  base: string,
  method: string,
  path: string,
  session: TestSession | null,
  body: unknown,
): Promise<number> {
  const controller = new AbortController();
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(session ? { cookie: session.cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: controller.signal,
  });
  if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) controller.abort();
  else await response.text();
  return response.status;
}

describe('authorization of the admin endpoints', () => {
  let backend: TestBackend;
  let hook: http.Server;
  let admin: TestSession;
  let member: TestSession;
  let fixtures: Fixtures;
  beforeAll(async () => {
    hook = http.createServer((_req, res) => res.writeHead(204).end()).listen(0);
    backend = await backendForTest({
      command: {
        deployHookUrl: `http://localhost:${(hook.address() as AddressInfo).port}/hook`,
        askAssistant: async (question) => `You asked: ${question}`,
      },
    });
    admin = await signedInAdmin(backend);
    member = await signedUpMember(backend);
    const erasable = await signedUpMember(backend);
    const booking = await backend.command
      .post('/api/admin/bookings')
      .set('Cookie', admin.cookie)
      .send({ userId: member.userId, sessionTitle: 'Retreat slot', serviceType: 'retreat', scheduledAt: inAWeek() })
      .expect(201);
    const publish = () =>
      backend.command
        .post('/api/admin/announcements')
        .set('Cookie', admin.cookie)
        .send({ title: 'Hello there', body: 'A first announcement.' })
        .expect(201);
    const [first, second] = [await publish(), await publish()];
    const post = await backend.command
      .post('/api/forum/posts')
      .set('Cookie', member.cookie)
      .send({
        title: 'A hard week at work',
        content: 'Looking for a few words from the brothers here.',
        categoryId: 1,
        isAnonymous: false,
      })
      .expect(201);
    const reply = await backend.command
      .post(`/api/forum/posts/${post.body.id}/replies`)
      .set('Cookie', member.cookie)
      .send({ content: 'Here with you, brother.', isAnonymous: false })
      .expect(201);
    const report = await backend.command
      .post(`/api/forum/posts/${post.body.id}/report`)
      .set('Cookie', member.cookie)
      .send({ reason: 'Testing the queue' })
      .expect(201);
    const contact = await backend.command
      .post('/api/contact')
      .send({ name: 'Jordan', email: 'jordan@example.com', interest: 'other', message: 'A question about retreats.' })
      .expect(201);
    fixtures = {
      memberId: member.userId,
      bookingId: booking.body.id,
      announcementId: first.body.id,
      withdrawableId: second.body.id,
      postId: post.body.id,
      replyId: reply.body.id,
      reportId: report.body.reportId,
      contactMessageId: contact.body.id,
      erasableId: erasable.userId,
    };
    await backend.runtime.waitFor(parsePosition(report.headers['x-position'])!, 5000);
  });
  afterAll(async () => {
    await backend.close();
    hook.close();
  });

  const served = () => [
    ...routesOf(backend.commandApp).map((route) => ({ route, app: 'command' as const })),
    ...routesOf(backend.queryApp).map((route) => ({ route, app: 'query' as const })),
  ];

  it('has a rule for every admin route, and every rule names a real route', () => {
    const routes = served().map(({ route }) => route);
    expect(routes.filter((route) => route.includes(' /api/admin') && !(route in RULES))).toEqual([]);
    expect(Object.keys(RULES).filter((rule) => !routes.includes(rule))).toEqual([]);
  });

  it('answers 401 signed out, 403 to a member on admin routes, and 2xx to whoever may call', async () => {
    const outcomes: Record<string, [number, number, number]> = {};
    const expected: Record<string, [string, string, string]> = {};
    for (const { route, app } of served()) {
      const rule = RULES[route];
      if (!rule) continue;
      const [method, template] = route.split(' ');
      const path = rule.path?.(fixtures) ?? template;
      const body = rule.body?.(fixtures);
      const base = app === 'command' ? backend.commandUrl : backend.queryUrl;
      outcomes[route] = [
        await statusOf(base, method, path, null, body),
        await statusOf(base, method, path, member, body),
        await statusOf(base, method, path, admin, body),
      ];
      expected[route] = ['401', rule.access === 'admin' ? '403' : '2xx', '2xx'];
    }
    const seen = Object.fromEntries(
      Object.entries(outcomes).map(([route, statuses]) => [
        route,
        statuses.map((s) => (s >= 200 && s < 300 ? '2xx' : String(s))),
      ]),
    );
    expect(seen).toEqual(expected);
  });
});
