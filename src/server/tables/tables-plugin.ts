import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { resolveAuthSecret } from '../auth/auth-secret.ts';
import { TableLinks } from './table-links.ts';
import { TablesService } from './tables-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The restaurant's tables and their signed links (tables-service.ts). */
    tables: TablesService;
  }
}

export const tablesPlugin = fp(
  async (app: FastifyInstance) => {
    // The same secret as the sessions' (kept in the database when AUTH_SECRET is not set), so
    // every process of the shop signs and reads the same links.
    const secret = await resolveAuthSecret(app.db, app.config.AUTH_SECRET);
    app.decorate('tables', new TablesService(app.db, new TableLinks(secret)));
  },
  { name: 'tables', fastify: '5.x', dependencies: ['database'] },
);
