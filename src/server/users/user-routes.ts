import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailSchema } from '../../shared/auth.ts';
import { isAdmin } from '../../shared/roles.ts';
import {
  adminLookupSchema,
  deletedCountSchema,
  modifiedCountSchema,
  registerUserResultSchema,
  registerUserSchema,
  roleChangeSchema,
  userListQuerySchema,
  userSchema,
  USERS_TOTAL_HEADER,
} from '../../shared/users.ts';
import { ConflictError, ForbiddenError } from '../http/errors.ts';
import { say } from '../i18n/wording.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** The spec's user calls (docs/product.md §7), each behind the guard of the screen that uses it. */
export async function userRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  // After sign-up and social sign-in the web app records the user, as the spec's server did.
  // The account exists already (Better Auth made it); this only ever concerns the caller.
  app.post(
    '/users',
    {
      schema: { body: registerUserSchema, response: { 200: registerUserResultSchema } },
      preHandler: app.requireUser,
    },
    async (request) => {
      const user = request.user!;
      if (request.body.email !== user.email) throw new ForbiddenError(say('error.users.recordOwnOnly'));
      const inserted = await app.users.register(user.id);
      return inserted ? { insertedId: user.id } : { insertedId: null, message: 'user already exists' };
    },
  );

  // The spec's list, searched and paged for Manage Users (shared/users.ts says how); without a
  // query it is the spec's whole list. Guarded before validation: a stranger learns nothing.
  app.get(
    '/users',
    { schema: { querystring: userListQuerySchema, response: { 200: z.array(userSchema) } }, preValidation: app.requireAdmin },
    async (request, reply) => {
      const { users, total } = await app.users.search(request.query);
      void reply.header(USERS_TOTAL_HEADER, String(total));
      return users;
    },
  );

  app.get(
    '/users/admin/:email',
    {
      schema: { params: z.object({ email: emailSchema }), response: { 200: adminLookupSchema } },
      preHandler: app.requireUser,
      config: { errors: { 403: "The e-mail is not the caller's own" } },
    },
    async (request) => {
      const user = request.user!;
      // The spec's lookup takes any e-mail; the shop answers only about the caller.
      if (request.params.email !== user.email) throw new ForbiddenError(say('error.users.roleOwnOnly'));
      return { admin: isAdmin(user.role), role: user.role };
    },
  );

  app.patch(
    '/users/admin/:id',
    { schema: { params: idParams, response: { 200: modifiedCountSchema } }, preHandler: app.requireAdmin },
    async (request) => ({ modifiedCount: await app.users.promote(request.params.id) }),
  );

  // Staff run the order board. A role names who may do what (src/shared/roles.ts); an
  // administrator stays one here: demoting an administrator is not this screen's business.
  app.patch(
    '/users/role/:id',
    {
      schema: { summary: "Change an account's role, administrators only", params: idParams, body: roleChangeSchema, response: { 200: modifiedCountSchema } },
      preHandler: app.requireAdmin,
      config: { errors: { 409: 'The account is an administrator, who keeps that role here' } },
    },
    async (request) => ({ modifiedCount: await app.users.changeRole(request.params.id, request.body.role) }),
  );

  app.delete(
    '/users/admin/:id',
    { schema: { params: idParams, response: { 200: deletedCountSchema } }, preHandler: app.requireAdmin, config: { errors: { 409: "The account is the caller's own, or one of its payments is not settled yet (the reason in the message)" } } },
    async (request) => {
      if (request.params.id === request.user!.id) {
        throw new ConflictError(say('error.users.deleteSelf'));
      }
      const target = await app.users.existing(request.params.id);
      // The same erasure as a customer's own deletion: orders stay for the books, without the person.
      return { deletedCount: await app.accounts.erase(target.id, { evenWithOpenOrders: true }) };
    },
  );
}
