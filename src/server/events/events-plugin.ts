import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createEventBus, type EventBus } from './event-bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Changes after their COMMIT, to every process (event-bus.ts). */
    events: EventBus;
  }
}

export const eventsPlugin = fp(
  async (app: FastifyInstance) => {
    const events = await createEventBus(app.database, app.log);
    app.decorate('events', events);
    app.addHook('onClose', async () => events.close());
  },
  { name: 'events', fastify: '5.x', dependencies: ['database'] },
);
