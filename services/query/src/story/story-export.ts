import type { MemberExport } from '@reflections/contracts/account';
import { hisNewestRows, isoOrNull, isoString, type MemberRows } from '../plumbing/member-rows';
import { StorySessionRow } from './story-session.entity';

/** His five-minute stories, for his export and his reflections. */
export const storiesForExport: MemberRows<MemberExport['stories'][number]> = async (em, userId, range, limit) =>
  (await hisNewestRows(em, StorySessionRow, userId, 'startedAt', range, limit)).map((story) => ({
    id: story.id,
    status: story.status,
    startedAt: isoString(story.startedAt),
    completedAt: isoOrNull(story.completedAt),
    prompts: story.prompts,
    answers: story.responses,
    story: story.storyText,
  }));
