import type { MemberExport } from '@reflections/contracts/account';
import { hisNewestRows, isoString, type MemberRows } from '../plumbing/member-rows';
import { PeaceAnswer } from './peace-answer.entity';

/** His P.E.A.C.E. answers, for his export and his reflections. */
export const peaceForExport: MemberRows<MemberExport['peace'][number]> = async (em, userId, range, limit) =>
  (await hisNewestRows(em, PeaceAnswer, userId, 'recordedAt', range, limit)).map((answer) => ({
    id: answer.id,
    section: answer.section,
    prompt: answer.prompt,
    answer: answer.response,
    answeredAt: isoString(answer.recordedAt),
  }));
