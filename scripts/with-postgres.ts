/**
 * `node scripts/with-postgres.ts <command…>`: runs a command against a throw-away PostgreSQL
 * server, with TEST_DATABASE_URL pointing at it; the cluster is removed afterwards.
 */
import { spawnSync } from 'node:child_process';
import { startPostgresCluster } from './postgres-cluster.ts';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: node scripts/with-postgres.ts <command…>');
  process.exit(2);
}
let cluster;
try {
  cluster = await startPostgresCluster();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
console.log(`PostgreSQL on ${new URL(cluster.url).port}`);
const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: cluster.url } });
cluster.stop();
process.exit(result.status ?? 1);
