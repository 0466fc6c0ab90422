import type { Kysely } from 'kysely';
import { isAdmin, type Role } from '../../shared/roles.ts';
import type { User, UserListQuery } from '../../shared/users.ts';
import type { Database } from '../db/schema.ts';
import { ConflictError, NotFoundError } from '../http/errors.ts';
import { findUserById, markRegistered, promoteToAdmin, searchUsers, setRoleUnlessAdmin } from './user-repository.ts';
import { say } from '../i18n/wording.ts';

/** Records the caller as the spec's server did after sign-up; false when recorded already. */
export async function registerUser(db: Kysely<Database>, userId: string): Promise<boolean> {
  return markRegistered(db, userId, new Date());
}

/** The user of this id, or 404. */
export async function existingUser(db: Kysely<Database>, id: string) {
  const target = await findUserById(db, id);
  if (!target) throw new NotFoundError(say('error.users.noSuchUser'));
  return target;
}

export async function promoteUser(db: Kysely<Database>, id: string): Promise<number> {
  return promoteToAdmin(db, (await existingUser(db, id)).id);
}

/** An administrator stays one here: demoting an administrator is not the users screen's business (409). */
export async function changeRole(db: Kysely<Database>, id: string, role: Exclude<Role, 'admin'>): Promise<number> {
  const target = await existingUser(db, id);
  if (isAdmin(target.role)) throw new ConflictError(say('error.users.adminKeepsRole'));
  return setRoleUnlessAdmin(db, target.id, role);
}

/** The users screen's calls for its routes (app.users, users-plugin.ts). */
export class UserService {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  register(userId: string): Promise<boolean> {
    return registerUser(this.db, userId);
  }

  /** Manage Users' search and pages: the page's users and how many match in all. */
  async search(query: UserListQuery): Promise<{ users: User[]; total: number }> {
    const offset = query.limit === undefined ? 0 : (query.page - 1) * query.limit;
    const { rows, total } = await searchUsers(this.db, query.q ?? '', offset, query.limit);
    return { users: rows.map((u) => ({ _id: u.id, name: u.name, email: u.email, role: u.role })), total };
  }

  existing(id: string): ReturnType<typeof existingUser> {
    return existingUser(this.db, id);
  }

  promote(id: string): Promise<number> {
    return promoteUser(this.db, id);
  }

  changeRole(id: string, role: Exclude<Role, 'admin'>): Promise<number> {
    return changeRole(this.db, id, role);
  }
}
