import { FORUM_CATEGORIES, FORUM_MESSAGES } from '@reflections/contracts/forum';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch } from '../../../test/fetch-edge';
import { renderScreen } from '../../../test/render';
import { NewPostDialog } from './new-post-dialog';

const categories = FORUM_CATEGORIES.filter((c) => c.board === 'campfire').map((c, i) => ({
  ...c,
  slug: c.key,
  sortOrder: i + 1,
  isActive: true,
  createdAt: '2026-11-23T00:00:00.000Z',
}));

/** Opens the dialog, fills every field with what the server accepts, and sends it. */
async function sendAValidPost() {
  const user = userEvent.setup();
  renderScreen(<NewPostDialog open onClose={() => undefined} categories={categories} onCrisis={() => undefined} />);
  await user.type(screen.getByLabelText('Title'), 'A fine title');
  await user.selectOptions(screen.getByLabelText('Category'), 'Brotherhood');
  await user.type(screen.getByLabelText('Share your thoughts'), 'Twenty characters and then some more.');
  await user.click(screen.getByRole('button', { name: 'Create Post' }));
}

describe('NewPostDialog (variant B)', () => {
  it('validates first on submit, then on change, with the API messages', async () => {
    const seen = answerFetch(() => ({ status: 201, body: { id: 'p1', board: 'campfire', crisisResources: false } }));
    const user = userEvent.setup();
    renderScreen(<NewPostDialog open onClose={() => undefined} categories={categories} onCrisis={() => undefined} />);

    await user.type(screen.getByLabelText('Title'), 'Hey');
    expect(screen.queryByText(FORUM_MESSAGES.titleMin)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(screen.getByText(FORUM_MESSAGES.titleMin)).toBeInTheDocument();
    expect(screen.getByText(FORUM_MESSAGES.contentMin)).toBeInTheDocument();
    expect(screen.getByText(FORUM_MESSAGES.category)).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText('Title'), ' there');
    expect(screen.queryByText(FORUM_MESSAGES.titleMin)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Category'), 'Brotherhood');
    await user.type(screen.getByLabelText('Share your thoughts'), 'Twenty characters and then some more.');
    await user.click(screen.getByLabelText('Post anonymously'));
    await user.click(screen.getByRole('button', { name: 'Create Post' }));

    expect(await screen.findByText('Your post has been created successfully!')).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'POST')).toMatchObject({
      method: 'POST',
      path: '/api/forum/posts',
      body: { title: 'Hey there', content: 'Twenty characters and then some more.', categoryId: 2, isAnonymous: true },
    });
  });

  it("says so in the server's words when the post could not be created", async () => {
    answerFetch(() => ({
      status: 400,
      body: { error: 'Invalid request', fields: { content: 'Content contains characters we cannot store' } },
    }));
    await sendAValidPost();
    expect(await screen.findByText('Content contains characters we cannot store')).toBeInTheDocument();
  });

  it('says a slow-mode refusal calmly, with the wait, and keeps what he wrote', async () => {
    const words = 'Slow mode is on in this board: you can post again in 42 seconds.';
    answerFetch(() => ({ status: 429, headers: { 'Retry-After': '42' }, body: { error: words, fields: {} } }));
    await sendAValidPost();

    expect(await screen.findByText(words)).toBeInTheDocument();
    expect(screen.getByText('Please wait')).toBeInTheDocument();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Share your thoughts')).toHaveValue('Twenty characters and then some more.');
  });
});
