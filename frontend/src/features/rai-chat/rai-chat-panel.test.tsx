import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CRISIS_RESOURCES_TEXT, RAI_IS_AN_AI } from '@reflections/contracts/crisis';
import { answerFetch, type Answer } from '../../../test/fetch-edge';
import { renderScreen } from '../../../test/render';
import { RaiChatPanel } from './rai-chat-panel';

const sse = (...events: [string, unknown][]) => events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
const streamed = (reply: string, crisis = false): Answer => ({
  status: 200,
  headers: { 'content-type': 'text/event-stream', 'X-Position': '5:5' },
  body: sse(['chunk', { entryId: 'e1', text: reply.slice(0, 6) }], ['chunk', { entryId: 'e1', text: reply.slice(6) }], ['done', { entryId: 'e1', response: reply, mood: 'calm', insights: [], crisis }]),
});

const conversation = () => screen.getByRole('list', { name: 'Conversation with RAI' });

describe('RAI chat', () => {
  beforeEach(() => window.localStorage.clear());

  it('sends on Enter, shows the streamed reply, and clears the input', async () => {
    const seen = answerFetch(() => streamed('I hear you. Tell me more.'));
    const user = userEvent.setup();
    renderScreen(<RaiChatPanel memberId="m1" />);

    await user.type(screen.getByLabelText('Message RAI'), 'Long week.{Enter}');
    expect(await within(conversation()).findByText('I hear you. Tell me more.')).toBeInTheDocument();
    expect(within(conversation()).getByText('Long week.')).toBeInTheDocument();
    expect(screen.getByLabelText('Message RAI')).toHaveValue('');
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/ai/rai/process-journal/stream', body: { journalEntry: 'Long week.', clientRequestId: expect.any(String) } });
    expect(screen.getByRole('status')).toHaveTextContent('RAI replied: I hear you. Tell me more.');
  });

  it('shows a crisis reply with the resources once, at the top, as links to tap, and says RAI is an AI', async () => {
    const words = 'Thank you for telling me. I am here with you. Are you safe right now?';
    const reply = `${CRISIS_RESOURCES_TEXT}\n\n${words}`;
    answerFetch(() => ({
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      body: sse(['chunk', { entryId: 'e1', text: `${CRISIS_RESOURCES_TEXT}\n\n` }], ['chunk', { entryId: 'e1', text: words }], ['done', { entryId: 'e1', response: reply, mood: null, insights: [], crisis: true }]),
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
    expect(within(chat).getByRole('link', { name: 'What RAI does in a crisis' })).toHaveAttribute('href', '/crisis-protocol');
    expect(chat).not.toHaveTextContent('(tel:988)');
  });

  it('starts a new line on Shift+Enter and sends nothing empty', async () => {
    const seen = answerFetch(() => streamed('x'));
    const user = userEvent.setup();
    renderScreen(<RaiChatPanel memberId="m1" />);
    await user.type(screen.getByLabelText('Message RAI'), '   {Enter}');
    await user.type(screen.getByLabelText('Message RAI'), 'one{Shift>}{Enter}{/Shift}two');
    expect(screen.getByLabelText('Message RAI')).toHaveValue('   one\ntwo');
    expect(seen).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('removes the typing indicator, keeps the words and shows the error on failure', async () => {
    answerFetch(() => ({ status: 200, headers: { 'content-type': 'text/event-stream' }, body: sse(['error', { entryId: 'e1', status: 503, error: 'RAI is resting' }]) }));
    const user = userEvent.setup();
    renderScreen(<RaiChatPanel memberId="m1" />);
    await user.type(screen.getByLabelText('Message RAI'), 'Are you there?{Enter}');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Connection issue');
    expect(toast).toHaveTextContent('503: RAI is resting');
    expect(screen.queryByText('RAI is typing…')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Message RAI')).toHaveValue('Are you there?');
  });

  it('says calmly that RAI is resting when the member’s quota is spent, and keeps his words', async () => {
    const words = 'RAI needs a short pause between reflections. Take a breath; you can send again in 40 seconds. Your words are still here.';
    answerFetch(() => ({ status: 429, headers: { 'Retry-After': '40' }, body: { error: words, fields: {} } }));
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
    answerFetch(() => streamed('x'));
    const user = userEvent.setup();
    const first = renderScreen(<RaiChatPanel memberId="m1" />);
    await user.type(screen.getByLabelText('Message RAI'), 'not sent yet');
    first.unmount();
    renderScreen(<RaiChatPanel memberId="m1" />);
    expect(screen.getByLabelText('Message RAI')).toHaveValue('not sent yet');
  });

  it('lets a member attach an image and send it without text', async () => {
    const seen = answerFetch(() => streamed('Thanks for sharing.'));
    const user = userEvent.setup();
    renderScreen(<RaiChatPanel memberId="m1" />);
    await user.upload(screen.getByLabelText('Choose an image or video'), new File(['x'], 'sunrise.jpg', { type: 'image/jpeg' }));
    expect(screen.getByText('Attached: sunrise.jpg')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0].body).toMatchObject({ journalEntry: "I'm sharing an image (sunrise.jpg)." });
  });
});
