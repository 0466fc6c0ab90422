import { buildApp } from './app.ts';
import { createDemoAdmin } from './auth/demo-admin.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { closeOnSignals, portInUseMessage, writePidFile } from './ops/shutdown.ts';
import { seedDemoData } from './seed/seed-demo.ts';

/** The process: configuration, database, listen, and a graceful close on SIGINT / SIGTERM. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
  await migrateToLatest(database);
  const app = await buildApp({ config, database });
  if (config.SEED_DEMO_DATA && (await seedDemoData(database.db))) {
    app.log.info('Created the demo menu and reviews');
    await app.menu.changed();
    await app.reviews.changed();
  }

  let removePidFile = () => {};
  closeOnSignals(app, database, config.SHUTDOWN_TIMEOUT_MS, () => removePidFile());

  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    console.error(portInUseMessage(config.HOST, config.PORT));
    await app.close();
    await database.db.destroy();
    process.exit(1);
  }
  // SQLite: `npm run restore` refuses while this file names a live process.
  if (database.kind === 'sqlite') removePidFile = writePidFile(config.dataDir, (app.server.address() as { port: number }).port);
  // The address the mails' links use, which a person should open too: a session is kept per host name.
  if (config.NODE_ENV !== 'production') console.log(`\nThe shop is open at ${config.publicOrigin} (the address its mails link to)`);
  // After listening: a start that fails (a port in use) must not make the password nobody sees.
  let demoAdmin;
  try {
    demoAdmin = config.SEED_DEMO_ADMIN ? await createDemoAdmin(app) : undefined;
  } catch (error) {
    // A stop signal that came meanwhile closed the database under it: the stop decides the exit.
    if (app.health.draining) return;
    throw error;
  }
  if (demoAdmin) {
    // Shown once, on the first start: the password exists nowhere else.
    const url = config.publicOrigin;
    console.log(
      [
        '',
        'A demo administrator was created. Sign in at',
        `  ${url}/login`,
        `  e-mail:   ${demoAdmin.email}`,
        `  password: ${demoAdmin.password}`,
        'Keep the password now: it is not shown again. Lost it? Set a new one (with the shop running or not):',
        `  npm run admin:password -- ${demoAdmin.email}`,
        'To make a new administrator, or an account that signed up one:',
        '  npm run admin:create -- <email>',
        '  npm run admin:promote -- <email>',
        '',
      ].join('\n'),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
