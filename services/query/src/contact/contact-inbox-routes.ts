import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  CONTACT_INBOX_PAGE_SIZE,
  ContactInboxQuery,
  type ContactInboxPage,
  type ContactMessageView,
} from '@reflections/contracts/contact';
import { decodeOrThrow } from '@reflections/platform/http/decode';
import type { RoleGuards } from '@reflections/platform/session/require-role';
import { ContactMessage } from './contact-message.entity';
import { READ_MODELS } from '@reflections/contracts/admin';
import { reads } from '../projection-engine/read-your-writes';

const toView = (row: ContactMessage): ContactMessageView => ({
  id: row.id,
  name: row.name,
  email: row.email,
  interest: row.interest,
  kind: row.kind,
  message: row.message,
  status: row.status,
  receivedAt: row.receivedAt.toISOString(),
  statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
});

/** GET /api/admin/contact-messages?status=&page=: the contact inbox, newest first, a page at a time; admins only. */
export function contactInboxRoutes(orm: MikroORM, roles: RoleGuards): Router {
  const router = new Router({ prefix: '/api/admin/contact-messages' });
  router.use(roles.admin);
  router.get('/', reads(READ_MODELS.contactInbox), async (ctx) => {
    const { status, page = 1 } = decodeOrThrow(ContactInboxQuery, ctx.query);
    const [rows, total] = await orm.em.fork().findAndCount(ContactMessage, status ? { status } : {}, {
      orderBy: { receivedAt: 'desc', id: 'asc' },
      limit: CONTACT_INBOX_PAGE_SIZE,
      offset: (page - 1) * CONTACT_INBOX_PAGE_SIZE,
    });
    const body: ContactInboxPage = {
      messages: rows.map(toView),
      total,
      page,
      pageSize: CONTACT_INBOX_PAGE_SIZE,
    };
    ctx.body = body;
  });
  return router;
}
