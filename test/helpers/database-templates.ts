import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { seedDemoData } from '../../src/server/seed/seed-demo.ts';

/**
 * What a test database starts from: nothing, every migration applied, or that and the demo menu.
 * Drawing the demo menu's pictures takes seconds, so the server suite makes the two full ones once
 * per run (test/helpers/global-setup.ts) and each file takes a copy of one.
 */
export type DatabaseStart = 'empty' | 'migrated' | 'seeded';

/** Where the run's templates are: SQLite files, or PostgreSQL database names on TEST_DATABASE_URL. */
export interface DatabaseTemplates {
  migrated: string;
  seeded: string;
}

/** Makes both templates; answers them and how to remove them. */
export async function makeDatabaseTemplates(): Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-templates-'));
    const migratedDir = path.join(dir, 'migrated');
    const seededDir = path.join(dir, 'seeded');
    const migrated = openDatabase({ dataDir: migratedDir });
    await migrateToLatest(migrated);
    // Closing the last connection folds the write-ahead log into the file: the file is the whole database.
    await migrated.db.destroy();
    fs.mkdirSync(seededDir);
    fs.copyFileSync(path.join(migratedDir, 'shop.sqlite'), path.join(seededDir, 'shop.sqlite'));
    const seeded = openDatabase({ dataDir: seededDir });
    await seedDemoData(seeded.db);
    await seeded.db.destroy();
    return {
      templates: { migrated: path.join(migratedDir, 'shop.sqlite'), seeded: path.join(seededDir, 'shop.sqlite') },
      remove: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const tag = randomBytes(4).toString('hex');
  const names = { migrated: `shop_template_migrated_${tag}`, seeded: `shop_template_seeded_${tag}` };
  await adminQuery(serverUrl, `CREATE DATABASE ${names.migrated}`);
  const migrated = openDatabase({ dataDir: '', databaseUrl: databaseUrl(serverUrl, names.migrated) });
  await migrateToLatest(migrated);
  await migrated.db.destroy();
  await createDatabaseFrom(serverUrl, names.seeded, names.migrated);
  const seeded = openDatabase({ dataDir: '', databaseUrl: databaseUrl(serverUrl, names.seeded) });
  await seedDemoData(seeded.db);
  await seeded.db.destroy();
  return {
    templates: names,
    remove: async () => {
      for (const name of Object.values(names)) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** The SQLite template as a new database in `dataDir`. */
export function copySqliteTemplate(template: string, dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.copyFileSync(template, path.join(dataDir, 'shop.sqlite'));
}

/**
 * CREATE DATABASE `name` TEMPLATE `template`. PostgreSQL refuses while anyone is connected to the
 * template, and pg-pool's end() resolves before its sockets have closed: wait for them to go.
 */
export async function createDatabaseFrom(serverUrl: string, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(serverUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
