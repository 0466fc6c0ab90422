import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DatabaseHandle, DbKind } from './database.ts';
import type { Database } from './schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The whole handle, for the parts that need more than queries: LISTEN, the pool's metrics, the watched writes. */
    database: DatabaseHandle;
    db: Kysely<Database>;
    dbKind: DbKind;
  }
}

/** The configuration and the open database, which every other plugin of src/server/app.ts reads. */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: { config: Config; database: DatabaseHandle }) => {
    app.decorate('config', options.config);
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
    app.decorate('dbKind', options.database.kind);
  },
  { name: 'database', fastify: '5.x' },
);
