import { READ_MODELS } from '@reflections/contracts/admin';
import type { BookingStatus, BookingView, BookSessionRequest } from '@reflections/contracts/bookings';
import { api } from '../../lib/api';

const bookingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in member's own bookings, soonest first. */
    getMyBookings: build.query<BookingView[], void>({
      query: () => '/api/bookings',
      providesTags: [{ type: 'Admin', id: READ_MODELS.bookings }, 'Dashboard'],
    }),
    bookSession: build.mutation<BookingView, BookSessionRequest>({
      query: (body) => ({ url: '/api/bookings', method: 'POST', body }),
      invalidatesTags: [{ type: 'Admin', id: READ_MODELS.bookings }, 'Dashboard'],
    }),
    cancelBooking: build.mutation<{ id: string; status: BookingStatus }, string>({
      query: (id) => ({ url: `/api/bookings/${id}/cancel`, method: 'POST' }),
      invalidatesTags: [{ type: 'Admin', id: READ_MODELS.bookings }, 'Dashboard'],
    }),
  }),
});

export const { useGetMyBookingsQuery, useBookSessionMutation, useCancelBookingMutation } = bookingsApi;
