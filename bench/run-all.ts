/**
 * `npm run bench`: every benchmark in turn (API, pages, growth, orders, statistics). Each also runs alone:
 * `npm run bench:api`, `npm run bench:web`, `npm run bench:growth`, `npm run bench:orders`,
 * `npm run bench:stats`.
 */
import { spawnSync } from 'node:child_process';

let failed = false;
for (const script of ['bench:api', 'bench:web', 'bench:growth', 'bench:orders', 'bench:stats']) {
  console.log(`\n▶ npm run ${script}`);
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
