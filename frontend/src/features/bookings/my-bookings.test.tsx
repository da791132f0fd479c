import { BOOKING_MESSAGES } from '@reflections/contracts/bookings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch } from '../../../test/fetch-edge';
import { renderScreen } from '../../../test/render';
import { MyBookings } from './my-bookings';

const booking = {
  id: 'b1',
  sessionTitle: 'Weekend retreat',
  serviceType: 'retreat',
  userName: 'Sam',
  scheduledAt: '2030-05-04T09:00:00.000Z',
  status: 'scheduled',
};

describe('MyBookings', () => {
  it('lists the member’s bookings and books another for a time in the future', async () => {
    let booked = false;
    const seen = answerFetch((request) => {
      if (request.method === 'POST') {
        booked = true;
        return {
          status: 201,
          body: { ...booking, id: 'b2', sessionTitle: 'Coaching session', serviceType: 'coaching' },
        };
      }
      return {
        status: 200,
        body: booked
          ? [booking, { ...booking, id: 'b2', sessionTitle: 'Coaching session', serviceType: 'coaching' }]
          : [booking],
      };
    });
    const user = userEvent.setup();
    renderScreen(<MyBookings />);
    expect(await screen.findByText('Weekend retreat')).toBeInTheDocument();
    expect(screen.getByText('Scheduled')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Book a session' });
    await user.click(within(form).getByRole('button', { name: 'Book' }));
    expect(screen.getByText(BOOKING_MESSAGES.scheduledAt)).toBeInTheDocument();
    expect(seen.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.type(within(form).getByLabelText('When'), '2030-06-01T10:30');
    await user.click(within(form).getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('Booked')).toBeInTheDocument();
    expect(await within(screen.getByRole('list')).findByText('Coaching session')).toBeInTheDocument();
    expect(seen.find((request) => request.method === 'POST')?.body).toEqual({
      sessionTitle: 'Coaching session',
      serviceType: 'coaching',
      scheduledAt: new Date('2030-06-01T10:30').toISOString(),
    });
  });

  it('cancels a scheduled booking after the member confirms, and offers no cancel for one that is done', async () => {
    let cancelled = false;
    const done = { ...booking, id: 'b0', sessionTitle: 'Past workshop', status: 'completed' };
    const seen = answerFetch((request) => {
      if (request.method === 'POST' && request.path === '/api/bookings/b1/cancel') {
        cancelled = true;
        return { status: 200, body: { id: 'b1', status: 'cancelled' } };
      }
      return { status: 200, body: [{ ...booking, status: cancelled ? 'cancelled' : 'scheduled' }, done] };
    });
    const user = userEvent.setup();
    renderScreen(<MyBookings />);
    expect(await screen.findByText('Past workshop')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Past workshop' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel Weekend retreat' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seen.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel Weekend retreat' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Booking cancelled')).toBeInTheDocument();
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Weekend retreat' })).not.toBeInTheDocument();
  });
});
