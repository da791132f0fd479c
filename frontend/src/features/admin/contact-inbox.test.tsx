import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch } from '../../../test/fetch-edge';
import { renderScreen } from '../../../test/render';
import { ContactInbox } from './contact-inbox';

const message = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  name: 'Jordan',
  email: 'jordan@example.com',
  interest: 'other',
  kind: 'message',
  message: 'When is the next retreat?',
  status: 'new',
  receivedAt: '2026-11-24T09:00:00.000Z',
  statusChangedAt: null,
  ...overrides,
});
const page = (messages: unknown[], total = messages.length) => ({
  status: 200,
  body: { messages, total, page: 1, pageSize: 20 },
});

describe('the contact inbox', () => {
  it('shows new messages, an erasure request marked as such, and marks one answered', async () => {
    const seen = answerFetch((request) =>
      request.method === 'POST'
        ? { status: 200, body: { id: 'm2', status: 'answered' } }
        : page([message('m2', { kind: 'data-erasure', message: 'Please delete my account.' }), message('m1')]),
    );
    renderScreen(<ContactInbox />);
    const inbox = await screen.findByRole('region', { name: 'Contact inbox' });
    expect(await within(inbox).findByText('Please delete my account.')).toBeInTheDocument();
    expect(within(inbox).getByText('Erasure request')).toBeInTheDocument();
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/admin/contact-messages?status=new&page=1' });
    await userEvent.click(within(inbox).getAllByRole('button', { name: 'Mark answered' })[0]);
    expect(seen.find((request) => request.method === 'POST')).toMatchObject({
      path: '/api/admin/contact-messages/m2/status',
      body: { status: 'answered' },
    });
  });

  it('filters by status and says when there is nothing to show', async () => {
    const seen = answerFetch(() => page([]));
    renderScreen(<ContactInbox />);
    expect(await screen.findByText('No new messages.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'closed');
    expect(await screen.findByText('No closed messages.')).toBeInTheDocument();
    expect(seen.map((request) => request.path)).toContain('/api/admin/contact-messages?status=closed&page=1');
  });
});
