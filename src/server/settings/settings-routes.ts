import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { busyChangeSchema, restaurantSettingsSchema } from '../../shared/restaurant-settings.ts';
import { useStrictJson } from '../http/strict-json.ts';

/**
 * The restaurant's settings (docs/product.md §20): everyone reads them (the header's open-now line,
 * the checkout's ways and fees); administrators save them whole; staff switch busy mode.
 */
export async function settingsRoutes(instance: FastifyInstance): Promise<void> {
  useStrictJson(instance);
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/settings', { schema: { summary: "The restaurant's settings", response: { 200: restaurantSettingsSchema } } }, async (_request, reply) => {
    // A pause or a change of hours shows at the next read: no cache keeps the old ones.
    reply.header('cache-control', 'no-cache');
    return app.settings.current();
  });

  app.put(
    '/settings',
    { schema: { summary: "Change the restaurant's settings, administrators only", body: restaurantSettingsSchema, response: { 200: restaurantSettingsSchema } }, preHandler: app.requireAdmin },
    async (request) => app.settings.save(request.body),
  );

  // Busy mode for the kitchen (staff and administrators): pause, extra minutes, auto-accept; nothing else.
  app.patch(
    '/staff/busy',
    { schema: { summary: 'Busy mode: pause orders, add minutes to ready times, auto-accept; staff only', body: busyChangeSchema, response: { 200: restaurantSettingsSchema } }, preHandler: app.requireStaff },
    async (request) => app.settings.changeBusy(request.body),
  );
}
