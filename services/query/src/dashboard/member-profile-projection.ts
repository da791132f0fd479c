import { READ_MODELS } from '@reflections/contracts/admin';
import {
  JourneyAnswersRecorded,
  FirstNameChanged,
  MembershipChanged,
  UserRegistered,
} from '@reflections/contracts/identity-events';
import type { OnboardingAnswers } from '@reflections/contracts/identity';
import { choiceLabel } from '@reflections/contracts/onboarding';
import { WelcomePreferenceChanged } from '@reflections/contracts/welcome';
import { dataOf } from '../projection-engine/event-data';
import { entityProjection } from '../projection-engine/read-model-projection';
import { MemberProfileSchema } from './member-profile.entity';
import { deletingRowsOf } from '../projection-engine/member-erasure';

/** What the Insights card shows of the journey's answers, in the member's words. */
const insightsOf = (answers: OnboardingAnswers | null) => ({
  seeking: answers ? choiceLabel('seeking', answers.seeking) : null,
  innerStrength: answers ? choiceLabel('innerStrength', answers.innerStrength) : null,
  peaceMeaning: answers ? choiceLabel('peaceMeans', answers.peaceMeans) : null,
});

/** member_profiles: who the dashboard greets, and the journey answers its Insights card shows. */
export const memberProfileProjection = entityProjection({
  name: READ_MODELS.memberProfiles,
  entity: MemberProfileSchema,
  keyOf: (event) => ({ userId: (event.data as { userId?: string }).userId }),
  forgetMember: deletingRowsOf('member_profiles'),
  handlers: {
    UserRegistered: (profiles, event) => {
      const data = dataOf(UserRegistered, event);
      profiles.insert({
        userId: data.userId,
        firstName: data.firstName,
        lastName: data.lastName,
        membershipType: data.membershipType,
        archetype: data.archetype,
        ...insightsOf(data.answers),
        showWelcome: true,
      });
    },
    MembershipChanged: (profiles, event) => {
      const data = dataOf(MembershipChanged, event);
      profiles.update({ userId: data.userId }, (profile) => (profile.membershipType = data.membershipType));
    },
    FirstNameChanged: (profiles, event) => {
      const data = dataOf(FirstNameChanged, event);
      profiles.update({ userId: data.userId }, (profile) => (profile.firstName = data.firstName));
    },
    // Issue 25: the journey taken later, signed in.
    JourneyAnswersRecorded: (profiles, event) => {
      const data = dataOf(JourneyAnswersRecorded, event);
      profiles.update({ userId: data.userId }, (profile) =>
        Object.assign(profile, { archetype: data.archetype, ...insightsOf(data.answers) }),
      );
    },
    WelcomePreferenceChanged: (profiles, event) => {
      const data = dataOf(WelcomePreferenceChanged, event);
      profiles.update({ userId: data.userId }, (profile) => (profile.showWelcome = data.showWelcome));
    },
  },
});
