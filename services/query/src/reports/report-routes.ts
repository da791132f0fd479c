import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ReportParams, type ReportList } from '@reflections/contracts/reports';
import { decodeOrThrow } from '@reflections/platform/http/decode';
import { notFound } from '@reflections/platform/http/http-error';
import type { RoleGuards } from '@reflections/platform/session/require-role';
import { toCsv } from './csv';
import { publishedReport, readReport, type Report } from './report';
import { reads } from '../projection-engine/read-your-writes';

/** GET /api/admin/reports, /api/admin/reports/:name and /api/admin/reports/:name/csv: admins only. */
export function reportRoutes(orm: MikroORM, reports: readonly Report[], roles: RoleGuards): Router {
  const router = new Router({ prefix: '/api/admin/reports' });
  router.use(roles.admin);
  // Reports hold no reads (see start-projectors.ts): declared all the same, a read of one waits for no projector but the guard's.
  const readsReports = reads(...reports.map((report) => report.name));
  const find = (params: unknown) => {
    const { name } = decodeOrThrow(ReportParams, params);
    const report = reports.find((candidate) => candidate.name === name);
    if (!report) throw notFound(`No report named ${name}`);
    return report;
  };
  router.get('/', reads(), (ctx) => {
    const body: ReportList = { reports: reports.map(({ name, title, description }) => ({ name, title, description })) };
    ctx.body = body;
  });
  const read = async (report: Report) => publishedReport(await readReport(orm.em.fork(), report), report.privacy);
  router.get('/:name', readsReports, async (ctx) => {
    ctx.body = await read(find(ctx.params));
  });
  router.get('/:name/csv', readsReports, async (ctx) => {
    const report = find(ctx.params);
    const view = await read(report);
    ctx.set('Content-Disposition', `attachment; filename="${report.name}.csv"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = toCsv(view.columns, view.rows);
  });
  return router;
}
