import { CRISIS_RESOURCES_TEXT } from '@reflections/contracts/crisis';
import { RAI_MESSAGES } from '@reflections/contracts/rai';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

const GUIDANCE = '/api/journal/ai-prompt/stream';
const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
/** RAI's guidance as the server streams it: a chunk per piece, then `done`. */
const streamed = (pieces: string[], crisis = false): Answer => ({
  status: 200,
  headers: { 'content-type': 'text/event-stream', 'X-Position': '7:7' },
  body:
    pieces.map((text) => sse('chunk', { entryId: 'e2', text })).join('') +
    sse('done', { entryId: 'e2', aiGuidance: pieces.join(''), crisis, position: '9:9' }),
});

function server(guidance: (request: SeenRequest) => Answer | Promise<Answer>) {
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
    expect(seen.filter((r) => r.path === GUIDANCE)).toHaveLength(0);

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
    const seen = server(() => streamed(['What would ', 'rest look like?']));
    const { user } = open();
    expect(await screen.findByText(`${'x'.repeat(80)}…`)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('How are you feeling?'), 'anxious');
    await user.type(screen.getByLabelText("What's on your mind?"), 'Too much on my plate.');
    await user.click(screen.getByRole('button', { name: 'Get Guidance' }));

    expect(await screen.findByText('What would rest look like?')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "RAI's Guidance" })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Reflection received');
    expect(seen.find((r) => r.path === GUIDANCE)?.body).toMatchObject({
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
    expect(seen.filter((r) => r.path === GUIDANCE)).toHaveLength(0);

    fireEvent.change(words, { target: { value: 'Short enough.' } });
    await user.click(screen.getByRole('button', { name: 'Get Guidance' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your words contain characters we cannot store');
    expect(screen.queryByText(/\{"error"/)).not.toBeInTheDocument();
  });

  it('shows the guidance as RAI writes it, and keeps the words until it is done', async () => {
    const encoder = new TextEncoder();
    let rest: (() => void) | null = null;
    server(() => ({
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(sse('chunk', { entryId: 'e3', text: 'Breathe first. ' })));
          rest = () => {
            controller.enqueue(encoder.encode(sse('chunk', { entryId: 'e3', text: 'Then name it.' })));
            controller.enqueue(
              encoder.encode(
                sse('done', {
                  entryId: 'e3',
                  aiGuidance: 'Breathe first. Then name it.',
                  crisis: false,
                  position: '3:3',
                }),
              ),
            );
            controller.close();
          };
        },
      }),
    }));
    const { user } = open();
    await user.selectOptions(await screen.findByLabelText('How are you feeling?'), 'anxious');
    await user.type(screen.getByLabelText("What's on your mind?"), 'A long week.');
    await user.click(screen.getByRole('button', { name: 'Get Guidance' }));

    expect(await screen.findByText('Breathe first.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Reflection' })).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('reflections.draft.journal.m1') ?? '{}')).toMatchObject({
      userInput: 'A long week.',
    });

    expect(screen.getByRole('status')).toHaveTextContent('RAI is reflecting');
    rest!();
    expect(await screen.findByText('Breathe first. Then name it.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent("RAI's guidance: Breathe first. Then name it.");
    expect(await screen.findByRole('button', { name: 'New Reflection' })).toBeInTheDocument();
    expect(window.localStorage.getItem('reflections.draft.journal.m1')).toBeNull();
  });

  it('shows the crisis resources first when RAI answers a crisis', async () => {
    server(() => streamed([`${CRISIS_RESOURCES_TEXT}\n\n`, 'You matter. Please reach out now.'], true));
    const { user } = open();
    await user.selectOptions(await screen.findByLabelText('How are you feeling?'), 'sad');
    await user.type(screen.getByLabelText("What's on your mind?"), 'I want to go to sleep and not wake up.');
    await user.click(screen.getByRole('button', { name: 'Get Guidance' }));
    expect(await screen.findByText('You matter. Please reach out now.')).toBeInTheDocument();
    const guidance = screen.getByRole('region', { name: "RAI's Guidance" });
    const hrefs = within(guidance)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs.filter((href) => href === 'tel:988')).toHaveLength(1);
    expect(guidance).not.toHaveTextContent('(tel:988)');
  });
});
