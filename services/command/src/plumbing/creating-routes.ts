/**
 * Every POST that creates something: a retry with the same Idempotency-Key gets the first
 * answer and appends nothing (see idempotentCreates). Sign-in, sign-out and the commands on
 * something that exists already (pin, hide, cancel) are left out: repeating them changes
 * nothing. RAI's journal endpoints derive the entry id from the body's clientRequestId
 * themselves, as they stream their answer.
 */
export const CREATING_ROUTES = [
  '/api/auth/register',
  '/api/auth/journey-answers',
  '/api/contact',
  '/api/five-minute-story/session',
  '/api/peace/response',
  '/api/forum/posts',
  '/api/forum/posts/:postId/replies',
  '/api/forum/posts/:postId/report',
  '/api/forum/posts/:postId/replies/:replyId/report',
  '/api/forum/posts/:postId/reactions',
  '/api/forum/posts/:postId/replies/:replyId/reactions',
  '/api/bookings',
  '/api/admin/bookings',
  '/api/admin/announcements',
] as const;

/** Creates that sign the caller in: a retry after success runs again (creating nothing new) so that it signs in too. */
export const SIGNING_IN_ROUTES = ['/api/auth/register'] as const;
