import { FORUM_CATEGORIES, FORUM_MESSAGES, MAX_CONTENT_LENGTH } from '@reflections/contracts/forum';
import { fireEvent, screen } from '@testing-library/react';
import { answerFetch } from '../../../test/fetch-edge';
import { renderScreen } from '../../../test/render';
import { NewDiscussionDialog } from './new-discussion-dialog';

const categories = FORUM_CATEGORIES.filter((c) => c.board === 'first-responders').map((c, i) => ({
  ...c,
  id: i + 1,
  slug: c.key,
  sortOrder: i + 1,
  isActive: true,
  createdAt: '2026-11-23T00:00:00.000Z',
}));

describe('NewDiscussionDialog (variant A)', () => {
  it('never cuts a long message silently: it shows the limit, keeps every character, and waits with the field message', () => {
    answerFetch(() => ({ status: 201, body: { id: 'p1', board: 'first-responders', crisisResources: false } }));
    renderScreen(<NewDiscussionDialog open onClose={() => undefined} categories={categories} onCrisis={() => undefined} />);
    const content = screen.getByLabelText("What's on your mind?");
    expect(screen.getByText('Up to 10,000 characters')).toBeInTheDocument();
    expect(screen.getByText('Up to 200 characters')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'A long night' } });
    fireEvent.change(content, { target: { value: 'a'.repeat(MAX_CONTENT_LENGTH + 500) } });
    expect(content).toHaveValue('a'.repeat(MAX_CONTENT_LENGTH + 500));
    expect(screen.getByText(FORUM_MESSAGES.contentMax)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
  });
});
