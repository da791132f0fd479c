import { readableTime, type TimelineItem } from './reflection-timeline';

// His words are quoted line by line, so nothing he wrote can pass for a heading of the file.
const quoted = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');

/** His reflections as one Markdown file, oldest first, to read or bring to a therapist. */
export function reflectionsMarkdown(name: string, period: string, items: readonly TimelineItem[]): string {
  const lines = [`# Reflections of ${name}`, '', period, ''];
  if (items.length === 0) lines.push('Nothing was written in this period.', '');
  for (const item of items) {
    lines.push(`## ${item.title}`, '', `*${readableTime(item.at)}*`, '');
    for (const paragraph of item.paragraphs) {
      if (paragraph.label) lines.push(`**${paragraph.label}:**`, '');
      lines.push(paragraph.his ? quoted(paragraph.text) : paragraph.text, '');
    }
  }
  return lines.join('\n');
}
