import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { countAdmins, setRoleByEmail } from '../users/user-repository.ts';

export const DEMO_ADMIN_EMAIL = 'admin@rawroots.demo';

/**
 * On the first start of an empty shop: a demo administrator whose password is generated on this
 * machine (never a fixed default) and shown once. Nothing happens once any administrator exists.
 * Answers the credentials when it made the account.
 */
export async function createDemoAdmin(app: FastifyInstance): Promise<{ email: string; password: string } | undefined> {
  if ((await countAdmins(app.db)) > 0) return undefined;
  const existing = await app.db.selectFrom('users').select('id').where('email', '=', DEMO_ADMIN_EMAIL).executeTakeFirst();
  if (existing) return undefined;
  const password = randomBytes(12).toString('base64url');
  await app.auth.api.signUpEmail({ body: { name: 'Demo Admin', email: DEMO_ADMIN_EMAIL, password } });
  await setRoleByEmail(app.db, DEMO_ADMIN_EMAIL, 'admin');
  return { email: DEMO_ADMIN_EMAIL, password };
}
