import { CampfireReplyRequest, FORUM_MESSAGES } from '@reflections/contracts/forum';
import { ChangeEmailRequest } from '@reflections/contracts/settings';
import { MESSAGES } from '@reflections/contracts/identity';
import { toErrorBody } from '@reflections/contracts/validation';
import TextField from '@mui/material/TextField';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCodecForm } from './use-codec-form';
import { writeDraftValues } from './use-draft';

function EmailForm({ onSend }: { readonly onSend: (request: ChangeEmailRequest) => void }) {
  const form = useCodecForm(ChangeEmailRequest, { email: '', currentPassword: '' });
  return (
    <form noValidate onSubmit={(event) => void form.onSubmit(onSend)(event)}>
      <TextField label="New email" {...form.field('email')} />
      <TextField label="Current password" type="password" {...form.field('currentPassword')} />
      <button type="submit">Change email</button>
    </form>
  );
}

function ReplyForm({ draftKey }: { readonly draftKey: string | null }) {
  const form = useCodecForm(CampfireReplyRequest, { content: '', isAnonymous: false }, { draftKey });
  return (
    <form noValidate onSubmit={(event) => void form.onSubmit(() => form.reset())(event)}>
      <TextField label="Your reply" multiline {...form.field('content')} />
      <button type="submit">Post Reply</button>
    </form>
  );
}

describe('useCodecForm', () => {
  beforeEach(() => window.localStorage.clear());

  it('refuses on submit with the messages the server answers, marks and focuses the first bad field, then re-checks on change', async () => {
    const sent: ChangeEmailRequest[] = [];
    const user = userEvent.setup();
    render(<EmailForm onSend={(request) => sent.push(request)} />);
    await user.type(screen.getByLabelText('New email'), 'not-an-email');
    expect(screen.queryByText(MESSAGES.emailInvalid)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change email' }));
    const server = ChangeEmailRequest.decode({ email: 'not-an-email', currentPassword: '' });
    const serverFields = server._tag === 'Left' ? toErrorBody(server.left).fields : {};
    const email = screen.getByLabelText('New email');
    expect(await screen.findByText(serverFields.email ?? 'none')).toBeInTheDocument();
    expect(screen.getByText(serverFields.currentPassword ?? 'none')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(serverFields.email);
    expect(email).toHaveFocus();
    expect(sent).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'sam@example.com');
    expect(screen.queryByText(MESSAGES.emailInvalid)).not.toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'false');
    await user.type(screen.getByLabelText('Current password'), 'an old passphrase');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(sent).toEqual([{ email: 'sam@example.com', currentPassword: 'an old passphrase' }]);
  });

  it('keeps what he wrote across a remount until it is sent, and never under another key', async () => {
    const user = userEvent.setup();
    const first = render(<ReplyForm draftKey="forum-reply.u1.p1" />);
    await user.type(screen.getByLabelText('Your reply'), 'half a thought');
    first.unmount();

    const again = render(<ReplyForm draftKey="forum-reply.u1.p1" />);
    expect(screen.getByLabelText('Your reply')).toHaveValue('half a thought');
    again.unmount();
    render(<ReplyForm draftKey="forum-reply.u2.p1" />);
    expect(screen.getByLabelText('Your reply')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Post Reply' }));
    expect(await screen.findByText(FORUM_MESSAGES.replyMin)).toBeInTheDocument();
  });

  it('keeps what he typed before he was known, and keeps it under his key once he is', async () => {
    writeDraftValues('forum-reply.u1.p2', { content: 'an older draft', isAnonymous: false });
    const user = userEvent.setup();
    const view = render(<ReplyForm draftKey={null} />);
    await user.type(screen.getByLabelText('Your reply'), 'typed while the page was loading');
    view.rerender(<ReplyForm draftKey="forum-reply.u1.p2" />);
    expect(screen.getByLabelText('Your reply')).toHaveValue('typed while the page was loading');
    view.unmount();

    render(<ReplyForm draftKey="forum-reply.u1.p2" />);
    expect(screen.getByLabelText('Your reply')).toHaveValue('typed while the page was loading');
  });

  it('fills an untouched form with his draft once he is known', () => {
    writeDraftValues('forum-reply.u1.p3', { content: 'an older draft', isAnonymous: false });
    const view = render(<ReplyForm draftKey={null} />);
    view.rerender(<ReplyForm draftKey="forum-reply.u1.p3" />);
    expect(screen.getByLabelText('Your reply')).toHaveValue('an older draft');
  });
});
