import { RAI_MESSAGES } from '@reflections/contracts/rai';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, type Answer, type SeenRequest } from '../../../test/fetch-edge';
import { renderRoutes } from '../../../test/render';
import AiJournalPage from './ai-journal-page';

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
const entries = [
  {
    id: 'e1',
    userResponse: 'x'.repeat(100),
    aiGuidance: 'ok',
    mood: 'calm',
    source: 'guided-journal',
    status: 'answered',
    createdAt: '2026-11-20T08:00:00.000Z',
  },
];

function server(guidance: (request: SeenRequest) => Answer) {
  return answerFetch((request) => {
    if (request.path === '/api/auth/user') return { status: 200, body: member };
    if (request.path.startsWith('/api/journal/entries')) return { status: 200, body: entries };
    return guidance(request);
  });
}

const open = () => {
  const view = renderRoutes(
    [
      { path: '/member/ai-journal', element: <AiJournalPage /> },
      { path: '/pre-journey', element: <p>Pre-journey</p> },
    ],
    '/member/ai-journal',
  );
  return { ...view, user: userEvent.setup() };
};

describe('Guided Reflection', () => {
  beforeEach(() => window.localStorage.clear());

  it('asks for words and a mood, with the messages the server answers, before calling RAI', async () => {
    const seen = server(() => ({ status: 500 }));
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Get Guidance' }));
    expect(await screen.findByLabelText("What's on your mind?")).toHaveAccessibleDescription(
      expect.stringContaining(RAI_MESSAGES.shareSomething),
    );
    expect(screen.getByLabelText('How are you feeling?')).toHaveAccessibleDescription(RAI_MESSAGES.moodRequired);
    expect(seen.filter((r) => r.path === '/api/journal/ai-prompt')).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('How are you feeling?'), 'calm');
    expect(screen.queryByText(RAI_MESSAGES.moodRequired)).not.toBeInTheDocument();
  });

  it('shows a draft kept as plain text before the journal kept a form, and keeps it as the form from then on', async () => {
    window.localStorage.setItem('reflections.draft.journal.m1', 'Written before the change,\nover two lines.');
    server(() => ({ status: 500 }));
    const { user } = open();
    const words = screen.getByLabelText("What's on your mind?");
    await waitFor(() => expect(words).toHaveValue('Written before the change,\nover two lines.'));
    await user.type(words, ' And more.');
    expect(JSON.parse(window.localStorage.getItem('reflections.draft.journal.m1') ?? '{}')).toMatchObject({
      userInput: 'Written before the change,\nover two lines. And more.',
    });
  });

  it("shows RAI's guidance, then 'Continue This Thread' keeps the mood and 'New Reflection' clears everything", async () => {
    const seen = server(() => ({
      status: 200,
      body: { entryId: 'e2', aiGuidance: 'What would rest look like?', crisis: false },
    }));
    const { user } = open();
    expect(await screen.findByText(`${'x'.repeat(80)}…`)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('How are you feeling?'), 'anxious');
    await user.type(screen.getByLabelText("What's on your mind?"), 'Too much on my plate.');
    await user.click(screen.getByRole('button', { name: 'Get Guidance' }));

    expect(await screen.findByText('What would rest look like?')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "RAI's Guidance" })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Reflection received');
    expect(seen.find((r) => r.path === '/api/journal/ai-prompt')?.body).toMatchObject({
      userInput: 'Too much on my plate.',
      mood: 'anxious',
    });

    await user.click(screen.getByRole('button', { name: 'Continue This Thread' }));
    expect(screen.getByLabelText('How are you feeling?')).toHaveValue('anxious');
    expect(screen.getByLabelText("What's on your mind?")).toHaveValue('');

    await user.type(screen.getByLabelText("What's on your mind?"), 'More.');
    await user.click(screen.getByRole('button', { name: 'Get Guidance' }));
    await user.click(await screen.findByRole('button', { name: 'New Reflection' }));
    expect(screen.getByLabelText('How are you feeling?')).toHaveValue('');
  });

  it('leaves an ended session to the app and keeps the words', async () => {
    server(() => ({ status: 401, body: { error: 'Please sign in', fields: {} } }));
    const { user } = open();
    await user.selectOptions(await screen.findByLabelText('How are you feeling?'), 'sad');
    await user.type(screen.getByLabelText("What's on your mind?"), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Get Guidance' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Get Guidance' })).toBeEnabled());
    expect(screen.queryByText('Failed to process your reflection. Please try again.')).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('reflections.draft.journal.m1') ?? '{}')).toMatchObject({
      userInput: 'Hello',
    });
  });

  it('keeps the words and says so on any other failure', async () => {
    server(() => ({ status: 503, body: { error: 'RAI is down', fields: {} } }));
    const { user } = open();
    await user.selectOptions(await screen.findByLabelText('How are you feeling?'), 'sad');
    await user.type(screen.getByLabelText("What's on your mind?"), 'Still here.');
    await user.click(screen.getByRole('button', { name: 'Get Guidance' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('RAI is down');
    expect(screen.getByLabelText("What's on your mind?")).toHaveValue('Still here.');
    expect(screen.getByLabelText("What's on your mind?")).toHaveAccessibleDescription(
      expect.stringContaining('RAI is down'),
    );
  });

  it("shows the words' limit, refuses more with its own message, and shows the server's field message on a refusal", async () => {
    const seen = server(() => ({
      status: 400,
      body: { error: 'Invalid request', fields: { userInput: 'Your words contain characters we cannot store' } },
    }));
    const { user } = open();
    await user.selectOptions(await screen.findByLabelText('How are you feeling?'), 'sad');
    const words = screen.getByLabelText("What's on your mind?");
    expect(words).toHaveAccessibleDescription(expect.stringContaining('Up to 10,000 characters'));
    fireEvent.change(words, { target: { value: 'a'.repeat(20_000) } });
    expect(screen.getByText(RAI_MESSAGES.tooLong)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get Guidance' }));
    expect(seen.filter((r) => r.path === '/api/journal/ai-prompt')).toHaveLength(0);

    fireEvent.change(words, { target: { value: 'Short enough.' } });
    await user.click(screen.getByRole('button', { name: 'Get Guidance' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your words contain characters we cannot store');
    expect(screen.queryByText(/\{"error"/)).not.toBeInTheDocument();
  });
});
