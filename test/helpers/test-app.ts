import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database.ts';
import { copySqliteTemplate, createDatabaseFrom, type DatabaseStart } from './database-templates.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * The real app on a real, fresh database: a new SQLite file by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL. Every test file gets its own, so files run in parallel;
 * each is a copy of the run's migrated (or seeded) template (test/helpers/global-setup.ts).
 */
export async function createTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    webDir?: string;
    /** Runs on the built app before it is ready: a test's own hook, for one. */
    beforeReady?: (app: FastifyInstance) => void;
    /** The log's JSON lines, at LOG_LEVEL (silent unless env sets it); without it the app logs nothing. */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const { database, dropDatabase } = await freshDatabase(options.seed ? 'seeded' : 'migrated');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), 'unused'),
    // No mail unless a test asks for it (test/mail-*.test.ts start a real SMTP server).
    MAIL_DISABLED: 'true',
    ...options.env,
  });
  const app = await buildApp({ config, database, webDir: options.webDir ?? path.join(os.tmpdir(), 'no-web-app'), ...(options.logStream ? { logStream: options.logStream } : { logger: false }) });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.db.destroy();
      await dropDatabase();
    },
  };
}

/**
 * Another shop process on the same database as `t`, as behind a load balancer or after a restart:
 * its own app with its own connections (its own SQLite connection to the same file, or its own
 * PostgreSQL pool). Closing it leaves the database to `t`.
 */
export async function openSecondApp(t: TestApp, env: Record<string, string> = {}): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  let database: DatabaseHandle;
  if (t.database.kind === 'postgres') {
    database = openDatabase({ dataDir: '', databaseUrl: t.database.postgresUrl! });
  } else {
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(t.database.db);
    database = openDatabase({ dataDir: path.dirname(rows[0]!.file) });
  }
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'unused'), ...env });
  const app = await buildApp({ config, database, webDir: path.join(os.tmpdir(), 'no-web-app'), logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.db.destroy();
    },
  };
}

/**
 * A new database of the suite's engine, and how to drop it: empty (not migrated) by default, or a
 * copy of the run's migrated or seeded template.
 */
export async function freshDatabase(start: DatabaseStart = 'empty'): Promise<{ database: DatabaseHandle; dropDatabase: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = start === 'empty' ? undefined : inject('databaseTemplates')[start];
  if (!serverUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
    if (template) copySqliteTemplate(template, dataDir);
    return {
      database: openDatabase({ dataDir }),
      dropDatabase: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const { url, drop } = await createPostgresDatabase(serverUrl, template);
  return { database: openDatabase({ dataDir: '', databaseUrl: url }), dropDatabase: drop };
}

/** A new database on the PostgreSQL server of `serverUrl`, empty or a copy of `template`, and how to drop it. */
export async function createPostgresDatabase(serverUrl: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  if (template) {
    await createDatabaseFrom(serverUrl, name, template);
  } else {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // pg-pool's end() resolves before its sockets have closed: forcing the drop at once could
      // kill a closing connection, whose error then surfaces as an unhandled error in the test
      // file. Wait for them to go; force only if one lingers.
      for (let attempt = 0; ; attempt++) {
        try {
          await client.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 20 ? ' WITH (FORCE)' : ''}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await client.end();
    },
  };
}
