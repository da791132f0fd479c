import { announcementsProjection } from './admin/announcements-projection';
import { bookingsProjection } from './admin/bookings-projection';
import { membershipProjection } from './admin/membership-projection';
import { pulseProjection } from './admin/pulse-projection';
import { usersProjection } from './auth/users-projection';
import { contactInboxProjection } from './contact/contact-inbox-projection';
import { forumProjection } from './forum/forum-projection';
import { forumNotificationsProjection } from './forum/forum-notifications-projection';
import { memberProfileProjection } from './dashboard/member-profile-projection';
import { journalProjection } from './journal/journal-projection';
import { activitiesProjection } from './member/activities-projection';
import { peaceAnswersProjection } from './peace/peace-answers-projection';
import { peaceProjection } from './peace/peace-projection';
import { storyProjection } from './story/story-projection';
import type { Projector } from './projection-engine/projector';

/** Every projector the query service runs. */
export const PROJECTORS: readonly Projector[] = [usersProjection, journalProjection, storyProjection, peaceProjection, memberProfileProjection, activitiesProjection, forumProjection, membershipProjection, pulseProjection, bookingsProjection, announcementsProjection, contactInboxProjection, peaceAnswersProjection, forumNotificationsProjection];
