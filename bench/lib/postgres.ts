import { postgresBinDir, startPostgresCluster } from '../../scripts/postgres-cluster.ts';

/** Runs `work` against a throw-away PostgreSQL server; undefined when PostgreSQL is not installed. */
export async function withPostgres<T>(work: (url: string) => Promise<T>): Promise<T | undefined> {
  if (!postgresBinDir()) return undefined;
  const cluster = await startPostgresCluster();
  try {
    return await work(cluster.url);
  } finally {
    cluster.stop();
  }
}
