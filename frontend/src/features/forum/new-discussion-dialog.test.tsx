import { FORUM_CATEGORIES, FORUM_MESSAGES, MAX_CONTENT_LENGTH } from '@reflections/contracts/forum';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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
    renderScreen(
      <NewDiscussionDialog open onClose={() => undefined} categories={categories} onCrisis={() => undefined} />,
    );
    const content = screen.getByLabelText("What's on your mind?");
    expect(screen.getByText('Up to 10,000 characters')).toBeInTheDocument();
    expect(screen.getByText('Up to 200 characters')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'A long night' } });
    fireEvent.change(content, { target: { value: 'a'.repeat(MAX_CONTENT_LENGTH + 500) } });
    expect(content).toHaveValue('a'.repeat(MAX_CONTENT_LENGTH + 500));
    expect(screen.getByText(FORUM_MESSAGES.contentMax)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
  });

  it('keeps a half-written discussion in this browser for the member, across a reload, until it is posted', async () => {
    window.localStorage.clear();
    const member = {
      id: 'm1',
      email: 'sam@example.com',
      firstName: 'Sam',
      lastName: '',
      role: 'member',
      membershipType: 'free',
      archetype: 'warrior',
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    answerFetch((request) =>
      request.path === '/api/auth/user'
        ? { status: 200, body: member }
        : { status: 503, body: { error: 'down', fields: {} } },
    );
    const first = renderScreen(
      <NewDiscussionDialog open onClose={() => undefined} categories={categories} onCrisis={() => undefined} />,
    );
    await waitFor(() => expect(window.localStorage.getItem('reflections.session')).toBe('signed-in'));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Night shift' } });
    fireEvent.change(screen.getByLabelText("What's on your mind?"), { target: { value: 'The call I cannot forget.' } });
    await waitFor(() =>
      expect(window.localStorage.getItem('reflections.draft.forum-discussion.m1')).toContain('Night shift'),
    );
    first.unmount();
    renderScreen(
      <NewDiscussionDialog open onClose={() => undefined} categories={categories} onCrisis={() => undefined} />,
    );
    await waitFor(() => expect(screen.getByLabelText("What's on your mind?")).toHaveValue('The call I cannot forget.'));
    expect(screen.getByLabelText('Title')).toHaveValue('Night shift');
  });
});
