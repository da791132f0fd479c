/** What a member is told when a quota of RAI is spent (a 429), in the server's own calm words when it sent them. */
const FALLBACK = 'RAI needs a short pause. Please try again in a little while; your words are still here.';

export const RAI_RESTING_TITLE = 'RAI is resting';

/** The words for a 429 answer, or null for any other failure. */
export function raiRestingMessage(status: unknown, body: unknown): string | null {
  if (status !== 429) return null;
  if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' && body.error.trim() !== '') return body.error;
  return FALLBACK;
}
