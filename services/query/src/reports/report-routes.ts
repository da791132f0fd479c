import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ReportParams, type ReportList } from '@reflections/contracts/reports';
import { decodeOrThrow } from '@reflections/platform/http/decode';
import { notFound } from '@reflections/platform/http/http-error';
import type { RoleGuards } from '@reflections/platform/session/require-role';
import { toCsv } from './csv';
import { publishedReport, readReport, type Report } from './report';

/** GET /api/admin/reports, /api/admin/reports/:name and /api/admin/reports/:name/csv: admins only. */
export function reportRoutes(orm: MikroORM, reports: readonly Report[], roles: RoleGuards): Router {
  const router = new Router({ prefix: '/api/admin/reports' });
  router.use(roles.admin);
  const find = (params: unknown) => {
    const { name } = decodeOrThrow(ReportParams, params);
    const report = reports.find((candidate) => candidate.name === name);
    if (!report) throw notFound(`No report named ${name}`);
    return report;
  };
  router.get('/', (ctx) => {
    const body: ReportList = { reports: reports.map(({ name, title, description }) => ({ name, title, description })) };
    ctx.body = body;
  });
  const read = async (report: Report) => publishedReport(await readReport(orm.em.fork(), report), report.privacy);
  router.get('/:name', async (ctx) => {
    ctx.body = await read(find(ctx.params));
  });
  router.get('/:name/csv', async (ctx) => {
    const report = find(ctx.params);
    const view = await read(report);
    ctx.set('Content-Disposition', `attachment; filename="${report.name}.csv"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = toCsv(view.columns, view.rows);
  });
  return router;
}
