import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopDb } from '../bench/lib/shop-db.ts';
import { createPostgresDatabase } from './helpers/test-app.ts';
import { HttpCustomer, NO_RATE_LIMITS, ShopChild, shopStorage, someItemIds, type ShopStorage } from './helpers/shop-child.ts';

/**
 * `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts) against a real
 * shop process. SQLite: a backup taken during a burst of payments restores with every payment
 * answered before it began. PostgreSQL: the commands point to pg_dump and pg_restore.
 */
let storage: ShopStorage;
beforeAll(async () => {
  storage = await shopStorage();
});
afterAll(() => storage.drop());

function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, NODE_ENV: 'test', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const postgres = Boolean(process.env.TEST_DATABASE_URL);

// One engine's tests or the other's: the file runs under both runners.
if (!postgres) describe('backup and restore of the SQLite database', () => {
  it('copies the database during a burst of payments; the copy restores with every payment answered before the backup began', { timeout: 300_000 }, async () => {
    const shop = await ShopChild.start(storage, NO_RATE_LIMITS);
    const items = await someItemIds(shop.url);
    const customers = Array.from({ length: 6 }, () => new HttpCustomer(shop.url));
    await Promise.all(customers.map((c) => c.signUp()));

    // The burst: every customer buys one item after another until told to stop.
    const answered: string[] = [];
    let stop = false;
    const burst = Promise.all(
      customers.map(async (customer, i) => {
        for (let n = 0; !stop; n++) answered.push((await customer.buyOne(items[(i * 7 + n) % items.length]!)).intentId);
      }),
    );
    while (answered.length < 10) await new Promise((resolve) => setTimeout(resolve, 50));

    const file = path.join(storage.dataDir, '..', `${path.basename(storage.dataDir)}-backup.sqlite`);
    const before = [...answered];
    const backup = await runScript('scripts/backup.ts', [file], storage.env);
    const duringOrAfter = answered.length;
    // The burst goes on for a moment after the backup, so the live database moves past the copy.
    while (answered.length < duringOrAfter + 5) await new Promise((resolve) => setTimeout(resolve, 50));
    stop = true;
    await burst;
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('Backed up');

    // A second backup never overwrites the first.
    const again = await runScript('scripts/backup.ts', [file], storage.env);
    expect(again.code).toBe(1);
    expect(again.output).toContain('already exists');

    // Restoring under a running shop is refused, and changes nothing.
    const refused = await runScript('scripts/restore.ts', [file], storage.env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('The shop is running');

    expect((await shop.stop()).code).toBe(0);
    const live = new DatabaseSync(path.join(storage.dataDir, 'shop.sqlite'), { readOnly: true });
    const livePayments = Number((live.prepare('select count(*) as n from payments').get() as { n: number }).n);
    live.close();
    expect(livePayments).toBe(answered.length);

    const restored = await runScript('scripts/restore.ts', [file], storage.env);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('kept as');

    const db = new DatabaseSync(path.join(storage.dataDir, 'shop.sqlite'), { readOnly: true });
    const recorded = new Set((db.prepare('select transaction_id from payments').all() as Array<{ transaction_id: string }>).map((row) => row.transaction_id));
    const orders = Number((db.prepare('select count(*) as n from orders').get() as { n: number }).n);
    db.close();
    for (const intentId of before) expect(recorded.has(intentId), intentId).toBe(true);
    // The copy is the moment the backup began, not the end of the burst.
    expect(recorded.size).toBeLessThan(answered.length);
    expect(orders).toBe(recorded.size);
    // The replaced database is kept beside it.
    expect(fs.readdirSync(storage.dataDir).some((name) => name.startsWith('shop-before-restore-') && name.endsWith('.sqlite'))).toBe(true);

    // The shop starts on the restored database and is ready.
    const reopened = await ShopChild.start(storage);
    expect((await fetch(`${reopened.url}/readyz`)).status).toBe(200);
    expect((await reopened.stop()).code).toBe(0);
    fs.rmSync(file, { force: true });
  });

  it('refuses to restore a file that is not a sound shop database', { timeout: 60_000 }, async () => {
    const junk = path.join(storage.dataDir, 'junk.sqlite');
    fs.writeFileSync(junk, 'not a database at all, just some text that is long enough to look like a file');
    const notDb = await runScript('scripts/restore.ts', [junk], storage.env);
    expect(notDb.code).toBe(1);
    expect(notDb.output).toMatch(/cannot be (opened|read) as a SQLite database/);

    const other = path.join(storage.dataDir, 'other.sqlite');
    const db = new DatabaseSync(other);
    db.exec('create table notes (id integer primary key, text text)');
    db.close();
    const foreign = await runScript('scripts/restore.ts', [other], storage.env);
    expect(foreign.code).toBe(1);
    expect(foreign.output).toContain("not a Raw Roots shop's");

    const missing = await runScript('scripts/restore.ts', [path.join(storage.dataDir, 'nothing-here.sqlite')], storage.env);
    expect(missing.code).toBe(1);
  });
});

if (postgres) describe('backup and restore with PostgreSQL', () => {
  it('points to pg_dump and pg_restore with DATABASE_URL', async () => {
    const backup = await runScript('scripts/backup.ts', ['shop.dump'], storage.env);
    expect(backup.code).toBe(2);
    expect(backup.output).toContain('pg_dump --format=custom --file=shop.dump "$DATABASE_URL"');
    const restore = await runScript('scripts/restore.ts', ['shop.dump'], storage.env);
    expect(restore.code).toBe(2);
    expect(restore.output).toContain('pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" shop.dump');
  });

  it('the README\'s pg_dump during a burst of payments restores with pg_restore, every payment answered before it began included', { timeout: 300_000 }, async () => {
    const shop = await ShopChild.start(storage, NO_RATE_LIMITS);
    const items = await someItemIds(shop.url);
    const customers = Array.from({ length: 4 }, () => new HttpCustomer(shop.url));
    await Promise.all(customers.map((c) => c.signUp()));
    const answered: string[] = [];
    let stop = false;
    const burst = Promise.all(
      customers.map(async (customer, i) => {
        for (let n = 0; !stop; n++) answered.push((await customer.buyOne(items[(i * 7 + n) % items.length]!)).intentId);
      }),
    );
    while (answered.length < 8) await new Promise((resolve) => setTimeout(resolve, 50));
    const file = path.join(storage.dataDir, 'shop.dump');
    const before = [...answered];
    const dump = await run('pg_dump', ['--format=custom', `--file=${file}`, storage.databaseUrl!]);
    stop = true;
    await burst;
    expect((await shop.stop()).code).toBe(0);
    expect(dump.code, dump.output).toBe(0);

    const target = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    try {
      const restore = await run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${target.url}`, file]);
      expect(restore.code, restore.output).toBe(0);
      const db = await openShopDb({ dataDir: '', databaseUrl: target.url });
      const recorded = new Set((await db.all<{ transaction_id: string }>('select transaction_id from payments')).map((row) => row.transaction_id));
      await db.close();
      for (const intentId of before) expect(recorded.has(intentId), intentId).toBe(true);
    } finally {
      await target.drop();
    }
  });
});

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}
