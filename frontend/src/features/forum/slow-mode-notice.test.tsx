import { screen } from '@testing-library/react';
import { answerFetch } from '../../../test/fetch-edge';
import { renderScreen } from '../../../test/render';
import { SlowModeNotice } from './slow-mode-notice';

const boards = [
  { board: 'first-responders', seconds: 0 },
  { board: 'campfire', seconds: 60 },
];

describe('the slow-mode notice', () => {
  it('tells members of a slowed board how often they can post', async () => {
    answerFetch(() => ({ status: 200, body: boards }));
    renderScreen(<SlowModeNotice board="campfire" />);
    expect(await screen.findByRole('note', { name: 'Slow mode' })).toHaveTextContent(
      'Slow mode: one new post every minute per member. Replies are not slowed.',
    );
  });

  it('says nothing on a board that is not slowed', async () => {
    answerFetch(() => ({ status: 200, body: boards }));
    renderScreen(
      <>
        <SlowModeNotice board="first-responders" />
        <SlowModeNotice board="campfire" />
      </>,
    );
    await screen.findByRole('note', { name: 'Slow mode' });
    expect(screen.getAllByRole('note', { name: 'Slow mode' })).toHaveLength(1);
  });
});
