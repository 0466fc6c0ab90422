import type { FastifyInstance } from 'fastify';
import { countAdmins } from '../users/user-repository.ts';

export const DEMO_ADMIN_EMAIL = 'admin@rawroots.demo';

/**
 * On the first start of a shop without an administrator: one whose password is generated on this
 * machine (never a fixed default) and shown once. Nothing happens once any administrator exists,
 * or when the demo address has an account. Answers the credentials when it made the account.
 */
export async function createDemoAdmin(app: FastifyInstance): Promise<{ email: string; password: string } | undefined> {
  if ((await countAdmins(app.db)) > 0) return undefined;
  const existing = await app.db.selectFrom('users').select('id').where('email', '=', DEMO_ADMIN_EMAIL).executeTakeFirst();
  if (existing) return undefined;
  return app.accounts.createAdministrator(DEMO_ADMIN_EMAIL, 'Demo Admin');
}
