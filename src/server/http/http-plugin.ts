import type { FastifyInstance } from 'fastify';
import { trustedOrigins } from '../config.ts';
import fp from 'fastify-plugin';
import { registerCrossSiteGuard } from './cross-site-guard.ts';
import { registerErrorHandler } from './errors.ts';
import { registerAllowedMethods } from './framework-errors.ts';
import { registerNulRefusal } from './refuse-nul.ts';
import { registerRequestDeadline } from './request-deadline.ts';
import { StreamSlots } from './stream-slots.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open event streams (menu and orders), counted per client and in all: their caps. */
    streamSlots: StreamSlots;
  }
}

/**
 * The HTTP rules of every request: one error shape, the request's deadline, no NUL, and the
 * cross-site guard, first of the guards that routes get as they are declared: a cross-site write
 * is refused before anyone is looked up (the sign-in guards of auth/auth-plugin.ts come next).
 */
export const httpPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    registerErrorHandler(app);
    registerAllowedMethods(app);
    registerRequestDeadline(app, config.REQUEST_TIMEOUT_MS);
    registerNulRefusal(app);
    registerCrossSiteGuard(app, () => trustedOrigins(config));
    app.decorate('streamSlots', new StreamSlots(config.STREAMS_MAX));
  },
  { name: 'http', fastify: '5.x', dependencies: ['database'] },
);
