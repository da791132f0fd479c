import { MembershipChanged, UserRegistered } from '@reflections/contracts/identity-events';
import { choiceLabel } from '@reflections/contracts/onboarding';
import { dataOf } from '../infra/event-data';
import type { Projector } from '../infra/projector';
import { MemberProfile } from './member-profile.entity';

/** member_profiles: who the dashboard greets, and the journey answers its Insights card shows. */
export const memberProfileProjection: Projector = {
  name: 'member-profiles',
  tables: ['member_profiles'],
  handlers: {
    UserRegistered: (em, event) => {
      const data = dataOf(UserRegistered, event);
      const answers = data.answers;
      em.create(MemberProfile, {
        userId: data.userId,
        firstName: data.firstName,
        lastName: data.lastName,
        membershipType: data.membershipType,
        archetype: data.archetype,
        seeking: answers ? choiceLabel('seeking', answers.seeking) : null,
        innerStrength: answers ? choiceLabel('innerStrength', answers.innerStrength) : null,
        peaceMeaning: answers ? choiceLabel('peaceMeans', answers.peaceMeans) : null,
      });
    },
    MembershipChanged: async (em, event) => {
      const data = dataOf(MembershipChanged, event);
      const profile = await em.findOne(MemberProfile, { userId: data.userId });
      if (profile) profile.membershipType = data.membershipType;
    },
  },
};
