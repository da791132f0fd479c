import type { MemberExport } from '@reflections/contracts/account';
import { isoString, type MemberRows } from '../plumbing/member-rows';
import { MemberActivity } from './member-activity.entity';

/** The activity list his dashboard shows, for his export (all of it). */
export const activitiesForExport: MemberRows<MemberExport['activities'][number]> = async (em, userId, _range, limit) =>
  (await em.find(MemberActivity, { userId }, { orderBy: { at: 'desc', id: 'asc' }, limit })).map((activity) => ({
    id: activity.id,
    kind: activity.kind,
    summary: activity.summary,
    at: isoString(activity.at),
  }));
