/**
 * The API reference as the shop serves it at /api/openapi.json, built from the app without
 * listening (on a throw-away SQLite database): what `npm run lint:api` lints and what
 * test/api-client.test.ts generates its client from.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';

export async function openApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
  // The shop's documented address, not this machine's: the document's servers and cookie name.
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' });
  const database = openDatabase({ dataDir });
  try {
    await migrateToLatest(database);
    const app = await buildApp({ config, database, logger: false, webDir: dataDir });
    await app.ready();
    const document = app.swagger() as unknown as Record<string, unknown>;
    await app.close();
    return document;
  } finally {
    await database.db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
