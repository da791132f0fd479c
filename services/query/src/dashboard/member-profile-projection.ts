import { JourneyAnswersRecorded, FirstNameChanged, MembershipChanged, UserRegistered } from '@reflections/contracts/identity-events';
import type { OnboardingAnswers } from '@reflections/contracts/identity';
import { choiceLabel } from '@reflections/contracts/onboarding';
import { WelcomePreferenceChanged } from '@reflections/contracts/welcome';
import { EntityBatch, perBatch } from '../projection-engine/entity-batch';
import { dataOf } from '../projection-engine/event-data';
import type { Projector } from '../projection-engine/projector';
import { MemberProfile } from './member-profile.entity';
import { deletingRowsOf } from '../projection-engine/member-erasure';

const profiles = perBatch((em) => new EntityBatch(em, MemberProfile));

/** What the Insights card shows of the journey's answers, in the member's words. */
const insightsOf = (answers: OnboardingAnswers | null) => ({
  seeking: answers ? choiceLabel('seeking', answers.seeking) : null,
  innerStrength: answers ? choiceLabel('innerStrength', answers.innerStrength) : null,
  peaceMeaning: answers ? choiceLabel('peaceMeans', answers.peaceMeans) : null,
});

/** member_profiles: who the dashboard greets, and the journey answers its Insights card shows. */
export const memberProfileProjection: Projector = {
  name: 'member-profiles',
  tables: ['member_profiles'],
  forgetMember: deletingRowsOf('member_profiles'),
  // The profiles a batch touches, loaded with one query; one statement writes them all.
  beforeBatch: async (em, events) => {
    await profiles.start(em).load(em, events.map((event) => ({ userId: (event.data as { userId: string }).userId })));
  },
  afterBatch: (em) => profiles.finish(em)!.write(em),
  handlers: {
    UserRegistered: (em, event) => {
      const data = dataOf(UserRegistered, event);
      profiles.of(em).insert({
        userId: data.userId,
        firstName: data.firstName,
        lastName: data.lastName,
        membershipType: data.membershipType,
        archetype: data.archetype,
        ...insightsOf(data.answers),
        showWelcome: true,
      });
    },
    MembershipChanged: (em, event) => {
      const data = dataOf(MembershipChanged, event);
      profiles.of(em).update({ userId: data.userId }, (profile) => (profile.membershipType = data.membershipType));
    },
    FirstNameChanged: (em, event) => {
      const data = dataOf(FirstNameChanged, event);
      profiles.of(em).update({ userId: data.userId }, (profile) => (profile.firstName = data.firstName));
    },
    // Issue 25: the journey taken later, signed in.
    JourneyAnswersRecorded: (em, event) => {
      const data = dataOf(JourneyAnswersRecorded, event);
      profiles.of(em).update({ userId: data.userId }, (profile) => Object.assign(profile, { archetype: data.archetype, ...insightsOf(data.answers) }));
    },
    WelcomePreferenceChanged: (em, event) => {
      const data = dataOf(WelcomePreferenceChanged, event);
      profiles.of(em).update({ userId: data.userId }, (profile) => (profile.showWelcome = data.showWelcome));
    },
  },
};
