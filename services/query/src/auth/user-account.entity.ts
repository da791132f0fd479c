import { EntitySchema } from '@mikro-orm/core';
import type { ArchetypeId } from '@reflections/contracts/archetypes';
import type { MembershipType, OnboardingAnswers, Role } from '@reflections/contracts/identity';

/** A member as the site shows them: who am I, profile, admin user lists. */
export class UserAccount {
  id!: string;
  email!: string;
  firstName!: string;
  lastName!: string;
  role!: Role;
  membershipType!: MembershipType;
  archetype!: ArchetypeId;
  answers!: OnboardingAnswers | null;
  createdAt!: Date;
  lastLoginAt!: Date | null;
  loginCount!: number;
}

export const UserAccountSchema = new EntitySchema<UserAccount>({
  class: UserAccount,
  tableName: 'user_accounts',
  properties: {
    id: { type: 'uuid', primary: true },
    email: { type: 'text' },
    firstName: { type: 'text' },
    lastName: { type: 'text' },
    role: { type: 'string' },
    membershipType: { type: 'string' },
    archetype: { type: 'string' },
    answers: { type: 'json', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    lastLoginAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    loginCount: { type: 'integer' },
  },
});
