import type { MemberExport } from '@reflections/contracts/account';
import { hisNewestRows, isoString, type MemberRows } from '../plumbing/member-rows';
import { JournalEntry } from './journal-entry.entity';

/** His journal with RAI's replies, for his export and his reflections. */
export const journalForExport: MemberRows<MemberExport['journal'][number]> = async (em, userId, range, limit) =>
  (await hisNewestRows(em, JournalEntry, userId, 'createdAt', range, limit)).map((entry) => ({
    id: entry.id,
    source: entry.source,
    writtenAt: isoString(entry.createdAt),
    prompt: entry.prompt,
    text: entry.userResponse,
    chosenMood: entry.chosenMood,
    raiReply: entry.aiGuidance,
    raiMood: entry.detectedMood,
    crisisResourcesShown: entry.crisis,
  }));
