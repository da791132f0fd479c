import { screen, within } from '@testing-library/react';
import { RAI_IS_AN_AI } from '@reflections/contracts/crisis';
import { renderScreen } from '../../../test/render';
import CrisisProtocolPage from './crisis-protocol-page';

describe('the crisis protocol page', () => {
  it('says what RAI does, what it never does, that it is an AI and not a therapist, and where to get a person now, with links to tap', () => {
    renderScreen(<CrisisProtocolPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Crisis Protocol' })).toBeInTheDocument();
    for (const heading of [
      'Where to get a person right now',
      'What RAI does when it hears risk',
      'What RAI never does',
      'RAI is an AI, not a therapist',
      'When it gets it wrong',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    const now = screen.getByRole('heading', { name: 'Where to get a person right now' }).closest('section')!;
    const hrefs = within(now as HTMLElement)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining(['tel:988', 'sms:741741?body=HOME', 'https://findahelpline.com', 'tel:911']),
    );
    expect(screen.getByText(/asks you plainly and calmly whether you are thinking about suicide/)).toBeInTheDocument();
    expect(screen.getByText(/never describes, names or discusses any way of ending your life/)).toBeInTheDocument();
    expect(screen.getByText(RAI_IS_AN_AI)).toBeInTheDocument();
  });
});
