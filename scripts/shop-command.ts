/**
 * What the shop's own commands (`npm run backup`, `restore`, `admin:promote`, `admin:password`)
 * share: their one argument, and the shop's configuration read as `npm start` reads it, so they
 * act on the same DATA_DIR or DATABASE_URL.
 */
import { ConfigError, loadConfig, type Config } from '../src/server/config.ts';

/** The command's one argument (`npm run x -- <argument>`); without exactly one, the usage and exit 2. */
export function oneArgument(usage: string): string {
  const argument = process.argv[2];
  if (!argument || process.argv.length > 3) {
    console.error(`Usage: ${usage}`);
    process.exit(2);
  }
  return argument;
}

/** The shop's configuration; a bad one says what is wrong and exits 1. */
export function shopConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}
