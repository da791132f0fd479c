import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RAI_MESSAGES } from '@reflections/contracts/rai';
import userEvent from '@testing-library/user-event';
import { CRISIS_RESOURCES_TEXT, RAI_IS_AN_AI } from '@reflections/contracts/crisis';
import { answerFetch, type Answer, type SeenRequest } from '../../../test/fetch-edge';
import { renderScreen } from '../../../test/render';
import { RaiChatPanel } from './rai-chat-panel';

const sse = (...events: [string, unknown][]) =>
  events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
const streamed = (reply: string, crisis = false): Answer => ({
  status: 200,
  headers: { 'content-type': 'text/event-stream', 'X-Position': '5:5' },
  body: sse(
    ['chunk', { entryId: 'e1', text: reply.slice(0, 6) }],
    ['chunk', { entryId: 'e1', text: reply.slice(6) }],
    ['done', { entryId: 'e1', response: reply, mood: 'calm', insights: [], crisis }],
  ),
});

type Entry = {
  id: string;
  userResponse: string;
  aiGuidance: string | null;
  status?: 'waiting' | 'answered' | 'failed';
};
const entryView = (entry: Entry) => ({
  mood: null,
  source: 'rai-chat',
  status: entry.aiGuidance ? 'answered' : 'waiting',
  createdAt: '2026-11-20T08:00:00.000Z',
  ...entry,
});

/** The chat's two calls: its history (the journal's chat entries, newest first) and the streamed reply. Returns the posts seen. */
function chatServer(reply: (request: SeenRequest) => Answer, journal: Entry[] = []) {
  const seen = answerFetch((request) =>
    request.method === 'GET' ? { status: 200, body: journal.map(entryView) } : reply(request),
  );
  return () => seen.filter((request) => request.method === 'POST');
}

const conversation = () => screen.getByRole('list', { name: 'Conversation with RAI' });

describe('RAI chat', () => {
  beforeEach(() => window.localStorage.clear());

  it('sends on Enter, shows the streamed reply, and clears the input', async () => {
    const posts = chatServer(() => streamed('I hear you. Tell me more.'));
    const user = userEvent.setup();
    renderScreen(<RaiChatPanel memberId="m1" />);

    await user.type(screen.getByLabelText('Message RAI'), 'Long week.{Enter}');
    expect(await within(conversation()).findByText('I hear you. Tell me more.')).toBeInTheDocument();
    expect(within(conversation()).getByText('Long week.')).toBeInTheDocument();
    expect(screen.getByLabelText('Message RAI')).toHaveValue('');
    expect(posts()[0]).toMatchObject({
      method: 'POST',
      path: '/api/ai/rai/process-journal/stream',
      body: { journalEntry: 'Long week.', clientRequestId: expect.any(String) },
    });
    expect(screen.getByRole('status')).toHaveTextContent('RAI replied: I hear you. Tell me more.');
  });

  it('shows a crisis reply with the resources once, at the top, as links to tap, and says RAI is an AI', async () => {
    const words = 'Thank you for telling me. I am here with you. Are you safe right now?';
    const reply = `${CRISIS_RESOURCES_TEXT}\n\n${words}`;
    chatServer(() => ({
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      body: sse(
        ['chunk', { entryId: 'e1', text: `${CRISIS_RESOURCES_TEXT}\n\n` }],
        ['chunk', { entryId: 'e1', text: words }],
        ['done', { entryId: 'e1', response: reply, mood: null, insights: [], crisis: true }],
      ),
    }));
    const user = userEvent.setup();
    renderScreen(<RaiChatPanel memberId="m1" />);
    await user.type(screen.getByLabelText('Message RAI'), "I don't want to be alive anymore{Enter}");
    const chat = conversation();
    expect(await within(chat).findByText(words)).toBeInTheDocument();
    const hrefs = within(chat)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs.filter((href) => href === 'tel:988')).toHaveLength(1);
    expect(hrefs.filter((href) => href === 'sms:741741?body=HOME')).toHaveLength(1);
    expect(hrefs.filter((href) => href === 'https://findahelpline.com')).toHaveLength(1);
    expect(within(chat).getAllByText(RAI_IS_AN_AI, { exact: false })).toHaveLength(1);
    expect(within(chat).getByRole('link', { name: 'What RAI does in a crisis' })).toHaveAttribute(
      'href',
      '/crisis-protocol',
    );
    expect(chat).not.toHaveTextContent('(tel:988)');
  });

  it('starts a new line on Shift+Enter and sends nothing empty', async () => {
    const posts = chatServer(() => streamed('x'));
    const user = userEvent.setup();
    renderScreen(<RaiChatPanel memberId="m1" />);
    await user.type(screen.getByLabelText('Message RAI'), '   {Enter}');
    await user.type(screen.getByLabelText('Message RAI'), 'one{Shift>}{Enter}{/Shift}two');
    expect(screen.getByLabelText('Message RAI')).toHaveValue('   one\ntwo');
    expect(posts()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('marks a message that failed as not sent, with the reason and Try again, and keeps the words', async () => {
    let answer: Answer = {
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      body: sse(['error', { entryId: 'e1', status: 503, error: 'RAI is resting' }]),
    };
    const posts = chatServer(() => answer);
    const user = userEvent.setup();
    renderScreen(<RaiChatPanel memberId="m1" />);
    await user.type(screen.getByLabelText('Message RAI'), 'Are you there?{Enter}');
    const chat = within(conversation());
    expect(await chat.findByText('You · not sent')).toBeInTheDocument();
    expect(chat.getByText('RAI is resting')).toBeInTheDocument();
    expect(screen.getByRole('alert')).not.toHaveTextContent('503');
    expect(screen.queryByText('RAI is typing…')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Message RAI')).toHaveValue('Are you there?');

    answer = streamed('I am here.');
    await user.click(chat.getByRole('button', { name: 'Try again' }));
    expect(await chat.findByText('I am here.')).toBeInTheDocument();
    expect(chat.queryByText('You · not sent')).not.toBeInTheDocument();
    expect(posts()[1].body).toEqual(posts()[0].body);
    expect(screen.getByLabelText('Message RAI')).toHaveValue('');
  });

  it("shows the server's field message for a message that is too long, never its raw body", async () => {
    chatServer(() => ({
      status: 400,
      body: { error: 'Invalid request', fields: { journalEntry: 'Please keep it under 10,000 characters' } },
    }));
    const user = userEvent.setup();
    renderScreen(<RaiChatPanel memberId="m1" />);
    await user.type(screen.getByLabelText('Message RAI'), 'Too much?{Enter}');
    const chat = within(conversation());
    expect(await chat.findByText('Please keep it under 10,000 characters')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('{"error"');
  });

  it('shows the limit, counts near it, and sends nothing past it', async () => {
    const posts = chatServer(() => streamed('x'));
    const user = userEvent.setup();
    renderScreen(<RaiChatPanel memberId="m1" />);
    const box = screen.getByLabelText('Message RAI');
    expect(screen.getByText('Up to 10,000 characters')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'a'.repeat(20_000) } });
    expect(screen.getByText(RAI_MESSAGES.tooLong)).toBeInTheDocument();
    expect(screen.getByText('20,000 / 10,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await user.type(box, '{Enter}');
    expect(posts()).toHaveLength(0);
  });

  it('rebuilds the conversation from the journal on every load, oldest first, with what RAI could not answer marked', async () => {
    chatServer(
      () => streamed('x'),
      [
        { id: 'e3', userResponse: 'Third, still waiting.', aiGuidance: null },
        { id: 'e2', userResponse: 'Second.', aiGuidance: null, status: 'failed' },
        { id: 'e1', userResponse: 'First.', aiGuidance: 'First reply.' },
      ],
    );
    renderScreen(<RaiChatPanel memberId="m1" />);
    const chat = within(conversation());
    await chat.findByText('First.');
    const items = chat.getAllByRole('listitem').map((item) => item.textContent);
    expect(items.slice(1)).toEqual([
      expect.stringContaining('First.'),
      expect.stringContaining('First reply.'),
      expect.stringContaining('RAI could not answer this one.'),
      expect.stringContaining('RAI is still answering'),
    ]);
    expect(chat.queryByText('You · not sent')).not.toBeInTheDocument();
  });

  it('says calmly that RAI is resting when the member’s quota is spent, and keeps his words', async () => {
    const words =
      'RAI needs a short pause between reflections. Take a breath; you can send again in 40 seconds. Your words are still here.';
    chatServer(() => ({ status: 429, headers: { 'Retry-After': '40' }, body: { error: words, fields: {} } }));
    const user = userEvent.setup();
    renderScreen(<RaiChatPanel memberId="m1" />);
    await user.type(screen.getByLabelText('Message RAI'), 'One more thing.{Enter}');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('RAI is resting');
    expect(toast).toHaveTextContent(words);
    expect(toast).not.toHaveTextContent('429');
    expect(screen.getByLabelText('Message RAI')).toHaveValue('One more thing.');
  });

  it('keeps an unsent message across a reload', async () => {
    chatServer(() => streamed('x'));
    const user = userEvent.setup();
    const first = renderScreen(<RaiChatPanel memberId="m1" />);
    await user.type(screen.getByLabelText('Message RAI'), 'not sent yet');
    first.unmount();
    renderScreen(<RaiChatPanel memberId="m1" />);
    expect(screen.getByLabelText('Message RAI')).toHaveValue('not sent yet');
  });

  it('shows a message kept as plain text before the chat kept a form, and sends it', async () => {
    window.localStorage.setItem('reflections.draft.chat.m1', 'Typed before the change');
    const posts = chatServer(() => streamed('I hear you. Tell me more.'));
    const user = userEvent.setup();
    renderScreen(<RaiChatPanel memberId="m1" />);
    const message = screen.getByLabelText('Message RAI');
    expect(message).toHaveValue('Typed before the change');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await within(conversation()).findByText('I hear you. Tell me more.')).toBeInTheDocument();
    expect(posts()[0]?.body).toMatchObject({ journalEntry: 'Typed before the change' });
    expect(message).toHaveValue('');
  });

  it('lets a member attach an image and send it without text', async () => {
    const posts = chatServer(() => streamed('Thanks for sharing.'));
    const user = userEvent.setup();
    renderScreen(<RaiChatPanel memberId="m1" />);
    await user.upload(
      screen.getByLabelText('Choose an image or video'),
      new File(['x'], 'sunrise.jpg', { type: 'image/jpeg' }),
    );
    expect(screen.getByText('Attached: sunrise.jpg')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toMatchObject({ journalEntry: "I'm sharing an image (sunrise.jpg)." });
  });
});
