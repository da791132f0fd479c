import { EntitySchema } from '@mikro-orm/core';
import type { ArchetypeId } from '@reflections/contracts/archetypes';
import type { MembershipType } from '@reflections/contracts/identity';

/** The dashboard's view of a member: one row, shaped as GET /api/dashboard answers it. */
export class MemberProfile {
  userId!: string;
  firstName!: string;
  lastName!: string;
  membershipType!: MembershipType;
  archetype!: ArchetypeId;
  /** The journey's answers in the member's words (choice labels); null without a journey. */
  seeking!: string | null;
  innerStrength!: string | null;
  peaceMeaning!: string | null;
  /** False once he ticked the welcome's "Don't show this again". */
  showWelcome!: boolean;
}

export const MemberProfileSchema = new EntitySchema<MemberProfile>({
  class: MemberProfile,
  tableName: 'member_profiles',
  properties: {
    userId: { type: 'uuid', primary: true },
    firstName: { type: 'text' },
    lastName: { type: 'text' },
    membershipType: { type: 'string' },
    archetype: { type: 'string' },
    seeking: { type: 'text', nullable: true },
    innerStrength: { type: 'text', nullable: true },
    peaceMeaning: { type: 'text', nullable: true },
    showWelcome: { type: 'boolean', default: true },
  },
});
