import { PEACE_SECTIONS } from '@reflections/contracts/peace';
import type { Reflections } from './member-export';

/** One thing he wrote, as a page for his therapist shows it: a heading and its paragraphs, some of them his words. */
export type TimelineItem = {
  readonly at: string;
  readonly title: string;
  readonly paragraphs: readonly { readonly label: string | null; readonly text: string; readonly his: boolean }[];
};

const SOURCES: Record<string, string> = {
  'guided-journal': 'Guided reflection',
  'rai-chat': 'Conversation with RAI',
  'ai-test': 'RAI test page',
};
const sectionTitle = (id: string) => PEACE_SECTIONS.find((section) => section.id === id)?.title ?? id;

/** His reflections, oldest first: the Markdown and the PDF export both read this one list. */
export function reflectionTimeline(reflections: Reflections): TimelineItem[] {
  const items: TimelineItem[] = [
    ...reflections.journal.map((entry) => ({
      at: entry.writtenAt,
      title: SOURCES[entry.source] ?? 'Journal',
      paragraphs: [
        ...(entry.prompt ? [{ label: 'Prompt', text: entry.prompt, his: false }] : []),
        { label: entry.chosenMood ? `I wrote (feeling ${entry.chosenMood})` : 'I wrote', text: entry.text, his: true },
        ...(entry.raiReply ? [{ label: 'RAI replied', text: entry.raiReply, his: false }] : []),
      ],
    })),
    ...reflections.stories.map((story) => ({
      at: story.startedAt,
      title: 'Five-minute story',
      paragraphs: [
        ...story.answers.flatMap((answer, i) => [
          ...(story.prompts[i] ? [{ label: 'Prompt', text: story.prompts[i], his: false }] : []),
          { label: 'I wrote', text: answer, his: true },
        ]),
        ...(story.story ? [{ label: 'The story', text: story.story, his: false }] : []),
      ],
    })),
    ...reflections.peace.map((answer) => ({
      at: answer.answeredAt,
      title: `P.E.A.C.E. · ${sectionTitle(answer.section)}`,
      paragraphs: [
        { label: 'Question', text: answer.prompt, his: false },
        { label: 'I wrote', text: answer.answer, his: true },
      ],
    })),
  ];
  return items.sort((a, b) => a.at.localeCompare(b.at));
}

/** "Tuesday, 24 November 2026, 09:15 UTC". */
export const readableTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }) + ' UTC';
