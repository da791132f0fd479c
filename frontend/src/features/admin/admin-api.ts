import type {
  AdminStats,
  AdminUser,
  AiAssistantRequest,
  AiAssistantResponse,
  ChangeMemberRequest,
  CommunityPulse,
  EraseMemberRequest,
  CrisisCount,
  CrisisDetections,
  DeployResponse,
  MembershipTrendEntry,
  SystemHealth,
} from '@reflections/contracts/admin';
import { READ_MODELS } from '@reflections/contracts/admin';
import type { AnnouncementRequest, AnnouncementView } from '@reflections/contracts/announcements';
import type { BookingStatus, BookingView, CreateBookingRequest } from '@reflections/contracts/bookings';
import { api } from '../../lib/api';

/** A query's data comes from these read models: a live change to one of them refetches it. */
const from = (...readModels: string[]) => readModels.map((id) => ({ type: 'Admin' as const, id }));

const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminStats: build.query<AdminStats, void>({
      query: () => '/api/admin/stats',
      providesTags: from(READ_MODELS.users),
    }),
    getMembershipTrends: build.query<MembershipTrendEntry[], void>({
      query: () => '/api/admin/membership-trends',
      providesTags: from(READ_MODELS.membership),
    }),
    getCommunityPulse: build.query<CommunityPulse, void>({
      query: () => '/api/admin/community-pulse',
      providesTags: from(READ_MODELS.pulse),
    }),
    getCrisisCount: build.query<CrisisCount, void>({
      query: () => '/api/admin/crisis-count',
      providesTags: from(READ_MODELS.pulse),
    }),
    getCrisisDetections: build.query<CrisisDetections, void>({
      query: () => '/api/admin/crisis-detections',
      providesTags: from(READ_MODELS.pulse),
    }),
    getUpcomingEvents: build.query<BookingView[], void>({
      query: () => '/api/admin/upcoming-events',
      providesTags: from(READ_MODELS.bookings),
    }),
    getAdminBookings: build.query<BookingView[], void>({
      query: () => '/api/admin/bookings',
      providesTags: from(READ_MODELS.bookings),
    }),
    // Response times move with every request, not with events: refetched on any change.
    getSystemHealth: build.query<SystemHealth, void>({
      query: () => '/api/admin/system-health',
      providesTags: ['Admin'],
    }),
    searchUsers: build.query<AdminUser[], string>({
      query: (search) => (search ? `/api/admin/users?search=${encodeURIComponent(search)}` : '/api/admin/users'),
      providesTags: from(READ_MODELS.users),
    }),
    getAdminAnnouncements: build.query<AnnouncementView[], void>({
      query: () => '/api/admin/announcements',
      providesTags: from(READ_MODELS.announcements),
    }),

    changeMember: build.mutation<
      { id: string } & Required<ChangeMemberRequest>,
      { userId: string; change: ChangeMemberRequest }
    >({
      query: ({ userId, change }) => ({
        url: `/api/admin/users/${encodeURIComponent(userId)}`,
        method: 'PATCH',
        body: change,
      }),
      invalidatesTags: from(READ_MODELS.users, READ_MODELS.membership),
    }),
    /** Issue 24: his data key is destroyed; the read models forget him. */
    eraseMember: build.mutation<{ erased: true }, { userId: string; request: EraseMemberRequest }>({
      query: ({ userId, request }) => ({
        url: `/api/admin/users/${encodeURIComponent(userId)}/erase`,
        method: 'POST',
        body: request,
      }),
      invalidatesTags: from(READ_MODELS.users, READ_MODELS.bookings),
    }),
    createBooking: build.mutation<BookingView, CreateBookingRequest>({
      query: (body) => ({ url: '/api/admin/bookings', method: 'POST', body }),
      invalidatesTags: from(READ_MODELS.bookings),
    }),
    changeBookingStatus: build.mutation<{ id: string; status: BookingStatus }, { id: string; status: BookingStatus }>({
      query: ({ id, status }) => ({
        url: `/api/admin/bookings/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { status },
      }),
      invalidatesTags: from(READ_MODELS.bookings),
    }),
    publishAnnouncement: build.mutation<{ id: string }, AnnouncementRequest>({
      query: (body) => ({ url: '/api/admin/announcements', method: 'POST', body }),
      invalidatesTags: [...from(READ_MODELS.announcements), 'Dashboard'],
    }),
    editAnnouncement: build.mutation<{ id: string }, { id: string; announcement: AnnouncementRequest }>({
      query: ({ id, announcement }) => ({
        url: `/api/admin/announcements/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: announcement,
      }),
      invalidatesTags: [...from(READ_MODELS.announcements), 'Dashboard'],
    }),
    withdrawAnnouncement: build.mutation<{ id: string }, string>({
      query: (id) => ({ url: `/api/admin/announcements/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [...from(READ_MODELS.announcements), 'Dashboard'],
    }),
    deploy: build.mutation<DeployResponse, void>({ query: () => ({ url: '/api/admin/deploy', method: 'POST' }) }),
    askAssistant: build.mutation<AiAssistantResponse, AiAssistantRequest>({
      query: (body) => ({ url: '/api/admin/ai-assistant', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetAdminStatsQuery,
  useGetMembershipTrendsQuery,
  useGetCommunityPulseQuery,
  useGetCrisisCountQuery,
  useGetCrisisDetectionsQuery,
  useGetUpcomingEventsQuery,
  useGetAdminBookingsQuery,
  useGetSystemHealthQuery,
  useSearchUsersQuery,
  useGetAdminAnnouncementsQuery,
  useChangeMemberMutation,
  useEraseMemberMutation,
  useCreateBookingMutation,
  useChangeBookingStatusMutation,
  usePublishAnnouncementMutation,
  useEditAnnouncementMutation,
  useWithdrawAnnouncementMutation,
  useDeployMutation,
  useAskAssistantMutation,
} = adminApi;
