import { AnnouncedCache } from '../announcements/announced-cache';

/** The channel every session store announces a changed or ended session on; the payload is the session's key. */
export const SESSIONS_CHANGED = 'http_sessions_changed';

/**
 * Sessions this process has read, kept so a signed-in request costs no database round trip.
 * A session signed out on any replica is forgotten here as soon as its NOTIFY arrives (on
 * this process, before the sign-out answers); each is remembered until it expires at most.
 */
export class SessionCache extends AnnouncedCache<Record<string, unknown>> {
  constructor(connectionString: string) {
    super(connectionString, SESSIONS_CHANGED, { max: 10_000 });
  }
}
