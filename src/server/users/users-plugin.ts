import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UserService } from './user-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The users screen's accounts and roles (user-service.ts). */
    users: UserService;
  }
}

export const usersPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('users', new UserService(app.db));
  },
  { name: 'users', fastify: '5.x', dependencies: ['database'] },
);
