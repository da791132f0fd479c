import { CONTACT_MESSAGES, MAX_CONTACT_MESSAGE_LENGTH, MAX_CONTACT_NAME_LENGTH } from '@reflections/contracts/contact';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, type Answer } from '../../../test/fetch-edge';
import { renderScreen } from '../../../test/render';
import { ContactForm } from './contact-form';

/** Pastes rather than types: each keystroke re-renders MUI's multiline field, which jsdom lays out slowly. */
const enter = async (user: ReturnType<typeof userEvent.setup>, label: string, text: string) => {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
};

const fill = async (user: ReturnType<typeof userEvent.setup>) => {
  await enter(user, 'Name', 'Jordan');
  await enter(user, 'Email', 'jordan@example.com');
  await user.selectOptions(screen.getByLabelText("I'm interested in"), 'coaching');
  await enter(user, 'Message', 'I would like to hear about coaching.');
};

describe('ContactForm', () => {
  it('shows nothing before the first submit, every message on submit, and re-validates on change', async () => {
    const seen = answerFetch(() => ({ status: 201, body: { id: 'm1', received: true } }));
    const user = userEvent.setup();
    renderScreen(<ContactForm />);

    await user.type(screen.getByLabelText('Name'), 'J');
    expect(screen.queryByText(CONTACT_MESSAGES.name)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    for (const message of Object.values(CONTACT_MESSAGES)) expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(seen).toHaveLength(0);

    await user.type(screen.getByLabelText('Name'), 'o');
    expect(screen.queryByText(CONTACT_MESSAGES.name)).not.toBeInTheDocument();
    expect(screen.getByText(CONTACT_MESSAGES.email)).toBeInTheDocument();
  });

  it('sends, shows Sending… while waiting, then thanks and resets', async () => {
    let release: (answer: Answer) => void = () => undefined;
    const seen = answerFetch(() => new Promise<Answer>((resolve) => (release = resolve)));
    const user = userEvent.setup();
    renderScreen(<ContactForm />);

    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect(sending).toBeDisabled();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/contact',
      body: {
        name: 'Jordan',
        email: 'jordan@example.com',
        interest: 'coaching',
        message: 'I would like to hear about coaching.',
      },
    });
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
    expect(seen[0]?.headers.get('Idempotency-Key')).toBeTruthy();

    release({ status: 201, body: { id: 'm1', received: true } });

    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(screen.getByText("Thank you for reaching out. We'll get back to you soon.")).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('marks a request to delete the account, so that the admin inbox shows it as one', async () => {
    const seen = answerFetch(() => ({ status: 201, body: { id: 'm1', received: true } }));
    const user = userEvent.setup();
    renderScreen(<ContactForm />);
    await fill(user);
    await user.selectOptions(screen.getByLabelText('It is about'), 'Deleting my account and data');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]?.body).toMatchObject({ kind: 'data-erasure' });
  });

  it('says how long to wait when this network has sent too many messages, keeping what was written', async () => {
    const words = 'We have your messages. Please wait 40 minutes before sending another.';
    answerFetch(() => ({ status: 429, headers: { 'Retry-After': '2400' }, body: { error: words, fields: {} } }));
    const user = userEvent.setup();
    renderScreen(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(words)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Jordan');
  });

  it('keeps what was written and says so when sending fails, and retries with the same key', async () => {
    const seen = answerFetch(() => ({ status: 500, body: 'database down' }));
    const user = userEvent.setup();
    renderScreen(<ContactForm />);

    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Failed to send message. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Jordan');

    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]?.headers.get('Idempotency-Key')).toBe(seen[0]?.headers.get('Idempotency-Key'));
  });

  it('shows the maxima the server enforces, a counter near them, and refuses to send past one with the field message', async () => {
    const seen = answerFetch(() => ({ status: 201, body: { id: 'm1', received: true } }));
    const user = userEvent.setup();
    renderScreen(<ContactForm />);
    expect(screen.getByText(`Up to ${MAX_CONTACT_NAME_LENGTH} characters`)).toBeInTheDocument();
    expect(
      screen.getByText(`Up to ${MAX_CONTACT_MESSAGE_LENGTH.toLocaleString('en-US')} characters`),
    ).toBeInTheDocument();

    await fill(user);
    await user.clear(screen.getByLabelText('Message'));
    await user.click(screen.getByLabelText('Message'));
    await user.paste('x'.repeat(MAX_CONTACT_MESSAGE_LENGTH + 1));
    expect(
      screen.getByText(
        `${(MAX_CONTACT_MESSAGE_LENGTH + 1).toLocaleString('en-US')} / ${MAX_CONTACT_MESSAGE_LENGTH.toLocaleString('en-US')}`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/Message must be at most/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(seen).toHaveLength(0);
    expect(screen.getByLabelText('Message')).toHaveFocus();
  });

  it("shows the server's field message at the field and in the toast when it refuses what was sent", async () => {
    const refused = 'Name contains characters we cannot store';
    answerFetch(() => ({ status: 400, body: { error: refused, fields: { name: refused } } }));
    const user = userEvent.setup();
    renderScreen(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(refused);
    expect(screen.getAllByText(refused)).toHaveLength(2);
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveValue('Jordan');
    expect(screen.queryByText(/\{"error"/)).not.toBeInTheDocument();
  });
});
