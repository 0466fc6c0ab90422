import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Browser tests drive Debian's Chromium (a browser download of Playwright's own cannot work on
 * these machines). Installs it when missing and possible (root with apt-get), otherwise stops
 * with the exact command to run.
 */
export function ensureChromium(): void {
  if (fs.existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (isRoot && hasApt) {
    console.log('Chromium is missing: installing Debian\'s chromium package…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (install.status === 0 && fs.existsSync(CHROMIUM)) return;
  }
  console.error(
    `Chromium was not found at ${CHROMIUM}. Install Debian's package as root:\n` +
      '  apt-get update && apt-get install -y chromium\n' +
      'or point CHROMIUM_PATH at a Chromium binary.',
  );
  process.exit(1);
}
