/**
 * `npm start`: runs the shop. Builds the web app first when there is no build yet or the sources
 * are newer than it, so that a fresh clone needs only `npm install && npm start`.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const builtIndex = path.resolve('dist/web/index.html');

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const sourcesChanged = Math.max(newestChange('src/web'), newestChange('src/shared'), fs.statSync('vite.config.ts').mtimeMs);
if (!fs.existsSync(builtIndex) || fs.statSync(builtIndex).mtimeMs < sourcesChanged) {
  console.log('Building the web app…');
  const build = spawnSync('node', ['scripts/build.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// SIGTERM and SIGINT sent to this process (by npm, a supervisor, a container's stop) are passed
// on, so the server stops gracefully instead of being left running without its parent; Ctrl+C at
// a terminal reaches both, and the server's stop ignores a second signal.
const server = spawn('node', ['src/server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
