import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch } from '../../../test/fetch-edge';
import { renderScreen } from '../../../test/render';
import { SlowModeCard } from './slow-mode-card';

const off = (board: string) => ({ board, seconds: 0, reason: null, setAt: null, setByName: null });

describe('the slow-mode card', () => {
  it('sets a board’s slow mode only with a reason, and shows who set it and why', async () => {
    let campfire: object = off('campfire');
    const seen = answerFetch((request) => {
      if (request.method === 'PUT') {
        campfire = {
          board: 'campfire',
          seconds: 300,
          reason: 'A heated evening',
          setAt: '2026-11-26T11:00:00.000Z',
          setByName: 'Ada',
        };
        return { status: 200, body: { board: 'campfire', seconds: 300, changed: true } };
      }
      return { status: 200, body: [off('first-responders'), campfire] };
    });
    const user = userEvent.setup();
    renderScreen(<SlowModeCard />);
    const item = (await screen.findByText('The Campfire (members): Off')).closest('li')!;

    await user.selectOptions(within(item).getByLabelText('Slow mode for The Campfire (members)'), '300');
    await user.click(within(item).getByRole('button', { name: 'Save slow mode' }));
    expect(within(item).getByText('Please say briefly why (at most 500 characters)')).toBeInTheDocument();
    expect(seen.filter((request) => request.method === 'PUT')).toHaveLength(0);

    await user.type(within(item).getByLabelText(/Why/), 'A heated evening');
    await user.click(within(item).getByRole('button', { name: 'Save slow mode' }));
    expect(await screen.findByText('The Campfire (members): One post every 5 minutes')).toBeInTheDocument();
    expect(screen.getByText(/Set by Ada · .* · “A heated evening”/)).toBeInTheDocument();
    expect(seen.find((request) => request.method === 'PUT')).toMatchObject({
      path: '/api/admin/moderation/boards/campfire/slow-mode',
      body: { seconds: 300, reason: 'A heated evening' },
    });
  });
});
