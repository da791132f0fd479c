/** Stream names of the event log (see DESIGN.md). Hashing happens in the backend. */
export const userStream = (userId: string) => `user-${userId}`;
export const emailStream = (emailSha256: string) => `email-${emailSha256}`;
export const contactStream = (messageId: string) => `contact-${messageId}`;
export const OPS_STREAM = 'ops';
