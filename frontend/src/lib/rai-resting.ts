/** What a member is told when a quota of RAI is spent (a 429), in the server's own calm words when it sent them. */
const FALLBACK = 'RAI needs a short pause. Please try again in a little while; your words are still here.';

export const RAI_RESTING_TITLE = 'RAI is resting';

/** The server's words on a 429 (what was limited and how long to wait), or null for any other answer or a body without them. */
export function tooManyRequestsMessage(status: unknown, body: unknown): string | null {
  if (status !== 429) return null;
  return typeof body === 'object' &&
    body !== null &&
    'error' in body &&
    typeof body.error === 'string' &&
    body.error.trim() !== ''
    ? body.error
    : null;
}

/** The words for a 429 answer from RAI, or null for any other failure. */
export function raiRestingMessage(status: unknown, body: unknown): string | null {
  return status === 429 ? (tooManyRequestsMessage(status, body) ?? FALLBACK) : null;
}
