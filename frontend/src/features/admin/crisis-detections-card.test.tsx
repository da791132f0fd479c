import { screen, within } from '@testing-library/react';
import { answerFetch } from '../../../test/fetch-edge';
import { renderScreen } from '../../../test/render';
import { CrisisDetectionsCard } from './crisis-detections-card';

const day = (
  date: string,
  counts: Partial<Record<'journal' | 'chat' | 'story' | 'forum' | 'rai' | 'dismissed', number>> = {},
) => ({ day: date, journal: 0, chat: 0, story: 0, forum: 0, rai: 0, dismissed: 0, ...counts });

describe('crisis detections by day', () => {
  it('shows, newest first, the days with a detection and where it was, counts only', async () => {
    const seen = answerFetch(() => ({
      status: 200,
      body: {
        days: [
          day('2026-11-18', { forum: 1 }),
          day('2026-11-19'),
          day('2026-11-20', { journal: 1, chat: 2, story: 1, dismissed: 1 }),
        ],
      },
    }));
    renderScreen(<CrisisDetectionsCard />);
    const table = await screen.findByRole('table', { name: 'Crisis detections by day' });
    const rows = await within(table).findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayJournalChatStoryForumJournal or chat (earlier)Story banner dismissed',
      '2026-11-20121001',
      '2026-11-18000100',
    ]);
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/admin/crisis-detections' });
  });

  it('says so when there was none', async () => {
    answerFetch(() => ({ status: 200, body: { days: [day('2026-11-20')] } }));
    renderScreen(<CrisisDetectionsCard />);
    expect(await screen.findByText('None in the last 14 days.')).toBeInTheDocument();
  });
});
