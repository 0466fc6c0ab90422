import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okSchema } from '../../shared/account.ts';
import { savedAddressInputSchema, savedAddressListSchema, savedAddressParamsSchema, savedAddressSchema } from '../../shared/saved-addresses.ts';
import { useStrictJson } from '../http/strict-json.ts';

/**
 * The caller's saved delivery addresses (docs/product.md, issue 42). No route takes a user: the
 * owner is the session's, and another customer's address id answers 404 and changes nothing.
 */
export async function addressesRoutes(instance: FastifyInstance): Promise<void> {
  useStrictJson(instance);
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/account/addresses',
    { schema: { summary: "The caller's saved delivery addresses, the last used first", response: { 200: savedAddressListSchema } }, preHandler: app.requireUser },
    async (request) => app.savedAddresses.listOwn(request.user!.id),
  );

  app.post(
    '/account/addresses',
    {
      schema: {
        summary: 'Save a delivery address and phone (the same address again takes the new phone)',
        body: savedAddressInputSchema,
        response: { 200: savedAddressSchema, 201: savedAddressSchema },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const { address, created } = await app.savedAddresses.save(request.user!.id, request.body);
      return reply.code(created ? 201 : 200).send(address);
    },
  );

  app.put(
    '/account/addresses/:id',
    {
      schema: { summary: 'Change a saved delivery address', params: savedAddressParamsSchema, body: savedAddressInputSchema, response: { 200: savedAddressSchema } },
      preHandler: app.requireUser,
    },
    async (request) => app.savedAddresses.update(request.user!.id, request.params.id, request.body),
  );

  app.delete(
    '/account/addresses/:id',
    { schema: { summary: 'Delete a saved delivery address', params: savedAddressParamsSchema, response: { 200: okSchema } }, preHandler: app.requireUser },
    async (request) => {
      await app.savedAddresses.remove(request.user!.id, request.params.id);
      return { ok: true as const };
    },
  );
}
