import { READ_MODELS } from '@reflections/contracts/admin';
import { UserLoggedIn, UserRegistered } from '@reflections/contracts/identity-events';
import { dataOf } from '../projection-engine/event-data';
import type { Report } from './report';
import { weekOf } from './week';

/**
 * Retention cohorts: members grouped by the week they registered, and how many of them
 * were active N weeks later. Active means signing in, or causing any event at all
 * (writing to RAI, posting, booking...), so new features count without changing this.
 */
export const retentionReport: Report = {
  name: READ_MODELS.retention,
  title: 'Retention cohorts',
  description:
    'Members by week of registration, and the share of them active (signed in or did anything) each week after; counts under 5 read "fewer than 5".',
  tables: {
    report_retention_members: {
      columns: { user_id: 'text', cohort_week: 'date' },
      key: ['user_id'],
      combine: 'latest',
    },
    report_retention_activity: {
      columns: { user_id: 'text', week: 'date' },
      key: ['user_id', 'week'],
      combine: 'latest',
    },
  },
  handlers: {
    UserRegistered: (rows, event) => {
      const member = dataOf(UserRegistered, event);
      if (member.registeredVia === 'journey')
        rows.add('report_retention_members', { user_id: member.userId, cohort_week: weekOf(member.registeredAt) });
    },
    UserLoggedIn: (rows, event) => {
      const login = dataOf(UserLoggedIn, event);
      rows.add('report_retention_activity', { user_id: login.userId, week: weekOf(login.at) });
    },
  },
  everyEvent: (rows, event) => {
    if (event.metadata.causedBy && event.type !== 'UserRegistered' && event.type !== 'UserLoggedIn') {
      rows.add('report_retention_activity', { user_id: event.metadata.causedBy, week: weekOf(event.createdAt) });
    }
  },
  view: {
    sql: `WITH cohorts AS (SELECT cohort_week, count(*)::int AS members FROM report_retention_members GROUP BY 1),
               active AS (
                 SELECT m.cohort_week, (a.week - m.cohort_week) / 7 AS weeks_after, count(*)::int AS active_members
                   FROM report_retention_members m JOIN report_retention_activity a USING (user_id)
                  WHERE a.week >= m.cohort_week GROUP BY 1, 2)
          SELECT c.cohort_week::text AS cohort_week, c.members, a.weeks_after, a.active_members,
                 round(100.0 * a.active_members / c.members, 1)::float8 AS percent_active
            FROM cohorts c JOIN active a USING (cohort_week)
           ORDER BY 1, 3`,
    columns: [
      { field: 'cohort_week', label: 'Registered in week starting' },
      { field: 'members', label: 'Members' },
      { field: 'weeks_after', label: 'Weeks after' },
      { field: 'active_members', label: 'Active' },
      { field: 'percent_active', label: '% active' },
    ],
    chart: { kind: 'line', x: 'weeks_after', y: 'percent_active', series: 'cohort_week' },
  },
  privacy: {
    peopleCounts: ['members', 'active_members'],
    derivedFrom: { percent_active: ['members', 'active_members'] },
  },
};
