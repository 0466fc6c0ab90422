import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';

/** After the bound, connections still open are cut; if even that hangs, the process ends this much later. */
const LAST_RESORT_MS = 3000;

/**
 * SIGTERM/SIGINT: stop taking traffic, end order streams with a `retry:` hint, let requests
 * finish, then close mail, events and database. Connections cut after `timeoutMs` make the exit
 * code 1, so a supervisor's log shows the stop was not clean.
 */
export function closeOnSignals(app: FastifyInstance, database: DatabaseHandle, timeoutMs: number, onExit: () => void = () => {}): void {
  let closing = false;
  const close = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.health.draining = true;
    app.log.info({ signal, timeoutMs }, 'closing: finishing the requests in flight');
    let cut = false;
    const bound = setTimeout(() => {
      cut = true;
      app.log.error({ timeoutMs }, 'requests still running after SHUTDOWN_TIMEOUT_MS: cutting their connections');
      app.server.closeAllConnections();
      setTimeout(() => {
        onExit();
        process.exit(1);
      }, LAST_RESORT_MS).unref();
    }, timeoutMs);
    bound.unref();
    let code = 0;
    try {
      await app.close();
      await database.db.destroy();
    } catch (error) {
      app.log.error({ err: error }, 'closing failed');
      code = 1;
    }
    clearTimeout(bound);
    onExit();
    process.exit(cut ? 1 : code);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
}

/** Lets `npm run restore` refuse to replace a database a running shop uses. */
export function writePidFile(dataDir: string, port: number): () => void {
  const file = pidFilePath(dataDir);
  fs.writeFileSync(file, JSON.stringify({ pid: process.pid, port }));
  return () => {
    try {
      const { pid } = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number };
      if (pid === process.pid) fs.rmSync(file);
    } catch {
      // Already gone.
    }
  };
}

export function pidFilePath(dataDir: string): string {
  return path.join(dataDir, 'shop.pid');
}

/** The shop running on this data folder, if any (a pid file whose process is alive). */
export function runningShop(dataDir: string): { pid: number; port: number } | undefined {
  let found: { pid: number; port: number };
  try {
    found = JSON.parse(fs.readFileSync(pidFilePath(dataDir), 'utf8')) as { pid: number; port: number };
  } catch {
    return undefined;
  }
  try {
    process.kill(found.pid, 0);
    return found;
  } catch (error) {
    // EPERM: alive, another user's; ESRCH: gone (a shop that crashed left its file).
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? found : undefined;
  }
}

/** What a person reads when the port is taken, instead of a bare EADDRINUSE stack. */
export function portInUseMessage(host: string, port: number): string {
  return [
    `Port ${port} is already in use${host && host !== '0.0.0.0' ? ` on ${host}` : ''}: another program (perhaps another shop) listens on it.`,
    'Stop that program, or start the shop on another port, for example:',
    `  PORT=${port + 1} npm start`,
    `To see what holds it: lsof -i :${port}  (or: ss -ltnp | grep :${port})`,
  ].join('\n');
}
