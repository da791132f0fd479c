import type { MemberExport } from '@reflections/contracts/account';
import { ALL_TIME, hisNewestRows, isoString, type MemberRows } from '../plumbing/member-rows';
import { MemberActivity } from './member-activity.entity';

/** The activity list his dashboard shows, for his export (all of it). */
export const activitiesForExport: MemberRows<MemberExport['activities'][number]> = async (em, userId, _range, limit) =>
  (await hisNewestRows(em, MemberActivity, userId, 'at', ALL_TIME, limit)).map((activity) => ({
    id: activity.id,
    kind: activity.kind,
    summary: activity.summary,
    at: isoString(activity.at),
  }));
