/** Stream names of the event log (docs/architecture.md#streams-and-events). Hashing happens in the backend. */
export const userStream = (userId: string) => `user-${userId}`;
export const emailStream = (emailSha256: string) => `email-${emailSha256}`;
export const contactStream = (messageId: string) => `contact-${messageId}`;
export const OPS_STREAM = 'ops';
export const journalStream = (userId: string) => `journal-${userId}`;
export const storyStream = (sessionId: string) => `story-${sessionId}`;
export const peaceStream = (userId: string) => `peace-${userId}`;
export const preferencesStream = (userId: string) => `preferences-${userId}`;
export const forumPostStream = (postId: string) => `forumPost-${postId}`;
export const bookingStream = (bookingId: string) => `booking-${bookingId}`;
export const announcementStream = (announcementId: string) => `announcement-${announcementId}`;
