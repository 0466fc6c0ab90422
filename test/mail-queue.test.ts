import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { mailEnv, startMailServer, type MailServer } from './helpers/mail-server.ts';
import { createPostgresDatabase } from './helpers/test-app.ts';

/**
 * The mail queue against a real SMTP server: the server down for a while and back, the shop
 * restarted with mails still queued, and two shop processes on one database sending together.
 * Every mail arrives, and arrives once.
 */
let mail: MailServer;
let connect: () => DatabaseHandle;
let dropAll: () => Promise<void>;
const open: Array<{ app: FastifyInstance; database: DatabaseHandle }> = [];

beforeAll(async () => {
  mail = await startMailServer();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const { url, drop } = await createPostgresDatabase(serverUrl);
    connect = () => openDatabase({ dataDir: '', databaseUrl: url });
    dropAll = drop;
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-mail-queue-'));
    connect = () => openDatabase({ dataDir });
    dropAll = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const first = connect();
  await migrateToLatest(first);
  await first.db.destroy();
});
afterEach(async () => {
  while (open.length > 0) await closeShop(open.pop()!);
  await mail.start();
});
afterAll(async () => {
  await mail.close();
  await dropAll();
});

/** A shop process: its own connection to the shared database, its own mail worker. */
async function startShop(): Promise<{ app: FastifyInstance; database: DatabaseHandle }> {
  const database = connect();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'unused'), ...mailEnv(mail) });
  const app = await buildApp({ config, database, webDir: path.join(os.tmpdir(), 'no-web-app'), logger: false });
  await app.ready();
  const shop = { app, database };
  open.push(shop);
  return shop;
}

async function closeShop(shop: { app: FastifyInstance; database: DatabaseHandle }): Promise<void> {
  const i = open.indexOf(shop);
  if (i >= 0) open.splice(i, 1);
  await shop.app.close();
  await shop.database.db.destroy();
}

function queue(app: FastifyInstance, label: string, n: number, key = label) {
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      app.mail.enqueue({
        key: `${key}-${i}`,
        userId: null,
        to: `${label}-${i}@example.test`,
        mail: { template: 'email-changed', data: { name: `Person ${i}`, newEmail: `new-${i}@example.test` } },
      }),
    ),
  );
}

async function statuses(app: FastifyInstance, label: string) {
  return app.db.selectFrom('mail_queue').select(['status', 'attempts', 'last_error']).where('to_address', 'like', `${label}-%`).execute();
}

const mailsTo = (label: string) => mail.received.filter((m) => m.to && [m.to].flat().some((a) => a.text.startsWith(`${label}-`)));

describe('mail queue', () => {
  it('keeps mails while the mail server is down, retries with back-off, and delivers each once when it is back', async () => {
    const shop = await startShop();
    await mail.stop();
    await queue(shop.app, 'down', 6);
    await expect.poll(async () => (await statuses(shop.app, 'down')).every((r) => r.attempts >= 2 && r.status === 'queued'), { timeout: 10_000 }).toBe(true);
    expect((await statuses(shop.app, 'down'))[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);
    await mail.start();
    await expect.poll(() => mailsTo('down').length, { timeout: 10_000 }).toBe(6);
    await expect.poll(async () => (await statuses(shop.app, 'down')).every((r) => r.status === 'sent')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const addresses = mailsTo('down').map((m) => [m.to].flat()[0]!.text);
    expect(new Set(addresses).size).toBe(6);
    expect(mailsTo('down')).toHaveLength(6);
  });

  it('survives a restart: mails queued before the shop stopped are sent by the next start, once', async () => {
    await mail.stop();
    const before = await startShop();
    await queue(before.app, 'restart', 3);
    await closeShop(before);
    await mail.start();
    await startShop();
    await expect.poll(() => mailsTo('restart').length, { timeout: 10_000 }).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo('restart')).toHaveLength(3);
  });

  it('two shop processes on one database: each mail is claimed and sent by one of them', async () => {
    const [a, b] = [await startShop(), await startShop()];
    // Both processes queue the same 20 mails (an event heard by both), and each 10 of its own.
    await Promise.all([queue(a.app, 'shared', 20), queue(b.app, 'shared', 20), queue(a.app, 'only-a', 10), queue(b.app, 'only-b', 10)]);
    await expect.poll(() => mailsTo('shared').length + mailsTo('only-a').length + mailsTo('only-b').length, { timeout: 15_000 }).toBe(40);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo('shared')).toHaveLength(20);
    const ids = [...mailsTo('shared'), ...mailsTo('only-a'), ...mailsTo('only-b')].map((m) => m.messageId);
    expect(new Set(ids).size).toBe(40);
  });
});
