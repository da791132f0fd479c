import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '../../../test/render';
import PreJourneyPage from './pre-journey-page';
import { preferReducedMotion } from '../../../test/reduced-motion';

preferReducedMotion();

function open() {
  return renderRoutes(
    [
      { path: '/pre-journey', element: <PreJourneyPage /> },
      { path: '/journey', element: <p>The journey</p> },
      { path: '/signin', element: <p>Sign in here</p> },
    ],
    '/pre-journey',
  );
}

describe('pre-journey page', () => {
  it('asks the question and sends a newcomer to the journey with Enter', async () => {
    open();
    expect(screen.getByRole('heading', { name: 'Have you been here before?' })).toBeInTheDocument();
    const first = await screen.findByRole('link', { name: 'No, this is my first time' });
    // Focus waits on the first choice, so the Enter that brought the person here can carry on.
    expect(first).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('The journey')).toBeInTheDocument();
  });

  it('sends a returning member to sign in', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('link', { name: "Yes, I'm returning" }));
    expect(await screen.findByText('Sign in here')).toBeInTheDocument();
  });
});
