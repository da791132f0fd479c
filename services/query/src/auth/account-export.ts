import type { EntityManager } from '@mikro-orm/postgresql';
import type { MemberExport } from '@reflections/contracts/account';
import { isoOrNull, isoString } from '../plumbing/member-rows';
import { UserAccount } from './user-account.entity';

/** His account and journey answers for his export; null when the account does not exist. */
export async function accountForExport(
  em: EntityManager,
  userId: string,
): Promise<Pick<MemberExport, 'profile' | 'journeyAnswers'> | null> {
  const account = await em.findOne(UserAccount, { id: userId });
  if (!account) return null;
  return {
    profile: {
      id: account.id,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      role: account.role,
      membershipType: account.membershipType,
      archetype: account.archetype,
      registeredAt: isoString(account.createdAt),
      lastLoginAt: isoOrNull(account.lastLoginAt),
      loginCount: account.loginCount,
    },
    journeyAnswers: account.answers,
  };
}
