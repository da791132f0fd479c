import Router from '@koa/router';
import type { Context } from 'koa';
import type { MikroORM } from '@mikro-orm/postgresql';
import { EXPORT_MESSAGES, ReflectionsRangeQuery } from '@reflections/contracts/account';
import { errorBody } from '@reflections/contracts/validation';
import { decodeOrThrow } from '@reflections/platform/http/decode';
import { badRequest } from '@reflections/platform/http/http-error';
import type { ActingUser, RoleGuards } from '@reflections/platform/session/require-role';
import type { TimeRange } from '../plumbing/member-rows';
import { type MemberDataSources, memberExport, reflectionsOf } from './member-export';
import { reflectionTimeline } from './reflection-timeline';
import { reflectionsMarkdown } from './reflections-markdown';
import { reflectionsPdf } from './reflections-pdf';
import { READ_MODELS } from '@reflections/contracts/admin';
import { reads } from '../projection-engine/read-your-writes';

const DAY_MS = 86_400_000;
const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** ?from=&to= as a time range (both days whole, UTC) and the words that say it at the top of the file. */
function rangeOf(ctx: Context): { range: TimeRange; period: string; label: string } {
  const { from, to } = decodeOrThrow(ReflectionsRangeQuery, ctx.query);
  if (from && to && from > to) throw badRequest(errorBody(EXPORT_MESSAGES.range, { from: EXPORT_MESSAGES.range }));
  const range = {
    from: from ? new Date(`${from}T00:00:00Z`) : null,
    until: to ? new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS) : null,
  };
  const period =
    from && to
      ? `From ${longDate(from)} to ${longDate(to)}`
      : from
        ? `From ${longDate(from)} on`
        : to
          ? `Up to ${longDate(to)}`
          : 'Everything written so far';
  return { range, period, label: [from ?? 'start', to ?? 'now'].join('-to-') };
}

const attachment = (ctx: Context, filename: string) =>
  ctx.set('Content-Disposition', `attachment; filename="${filename}"`);

/** What reflectionsOf reads. */
const REFLECTIONS = [READ_MODELS.journal, READ_MODELS.story, READ_MODELS.peaceAnswers];

/**
 * GET /api/me/export (everything the product holds about the signed-in member, as JSON) and
 * /api/me/export/reflections.md and .pdf?from=&to= (his reflections to read or bring to a
 * therapist). Each reads his own rows only, by the session's user id (issue 24).
 */
export function exportRoutes(orm: MikroORM, roles: RoleGuards, sources: MemberDataSources): Router {
  const router = new Router({ prefix: '/api/me/export' });
  router.use(roles.member);
  router.get(
    '/',
    reads(READ_MODELS.forum, READ_MODELS.bookings, READ_MODELS.memberActivities, ...REFLECTIONS),
    async (ctx) => {
      const now = new Date();
      ctx.body = await memberExport(orm.em.fork(), sources, ctx.state.actingUser!.id, now);
      attachment(ctx, `reflections-data-${now.toISOString().slice(0, 10)}.json`);
    },
  );
  const reflections = async (ctx: Context) => {
    const { range, period, label } = rangeOf(ctx);
    // The query side's guard finds him in the users read model, which knows his first name.
    const viewer = ctx.state.actingUser as ActingUser & { readonly firstName: string };
    const items = reflectionTimeline(await reflectionsOf(orm.em.fork(), sources, viewer.id, range));
    return { name: viewer.firstName, period, label, items };
  };
  router.get('/reflections.md', reads(...REFLECTIONS), async (ctx) => {
    const { name, period, label, items } = await reflections(ctx);
    ctx.type = 'text/markdown; charset=utf-8';
    attachment(ctx, `reflections-${label}.md`);
    ctx.body = reflectionsMarkdown(name, period, items);
  });
  router.get('/reflections.pdf', reads(...REFLECTIONS), async (ctx) => {
    const { name, period, label, items } = await reflections(ctx);
    ctx.type = 'application/pdf';
    attachment(ctx, `reflections-${label}.pdf`);
    ctx.body = reflectionsPdf(name, period, items);
  });
  return router;
}
