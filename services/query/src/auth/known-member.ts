import type { MikroORM } from '@mikro-orm/postgresql';
import { UserAccount } from './user-account.entity';

/** A member as the users read model knows him, for the platform's requireRole; null for anyone it does not know. */
export const knownMember = (orm: MikroORM) => (userId: string) => orm.em.fork().findOne(UserAccount, { id: userId });
