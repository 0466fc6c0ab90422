import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle, DbKind } from './database.ts';
import type { Database } from './schema.ts';
import * as m001 from './migrations/001-menu-reviews-images.ts';
import * as m002 from './migrations/002-accounts.ts';
import * as m003 from './migrations/003-cart-payments.ts';
import * as m004 from './migrations/004-payments-revenue-index.ts';
import * as m005 from './migrations/005-orders.ts';
import * as m006 from './migrations/006-order-lines.ts';
import * as m007 from './migrations/007-mail.ts';
import * as m008 from './migrations/008-one-charge-per-cart.ts';
import * as m009 from './migrations/009-dish-labels-availability.ts';
import * as m010 from './migrations/010-dish-options.ts';
import * as m011 from './migrations/011-restaurant-settings.ts';
import * as m012 from './migrations/012-favourites.ts';
import * as m013 from './migrations/013-sign-in-notices.ts';
import * as m014 from './migrations/014-answer-notices.ts';
import * as m015 from './migrations/015-refund-requests.ts';
import * as m016 from './migrations/016-sign-in-limits.ts';
import * as m017 from './migrations/017-order-slots.ts';
import * as m019 from './migrations/019-kitchen-printers.ts';
import * as m020 from './migrations/020-partial-refunds.ts';
import * as m021 from './migrations/021-review-hidden.ts';
import * as m024 from './migrations/024-saved-addresses.ts';
import * as m025 from './migrations/025-restaurant-tables.ts';
import * as m027 from './migrations/027-order-taxes.ts';
import * as m028 from './migrations/028-promotions.ts';
import * as m029 from './migrations/029-order-tips.ts';
import * as m030 from './migrations/030-guests.ts';
import * as m031 from './migrations/031-dish-translations.ts';
import * as m033 from './migrations/033-languages.ts';

interface MigrationModule {
  up(kind: DbKind): Migration['up'];
  down(kind: DbKind): NonNullable<Migration['down']>;
}

/**
 * Numbered migrations, run in name order on SQLite and PostgreSQL alike. Each module gets the
 * engine kind for the few column types that differ (blob / bytea).
 */
const MIGRATIONS: Record<string, MigrationModule> = {
  '001-menu-reviews-images': m001,
  '002-accounts': m002,
  '003-cart-payments': m003,
  '004-payments-revenue-index': m004,
  '005-orders': m005,
  '006-order-lines': m006,
  '007-mail': m007,
  '008-one-charge-per-cart': m008,
  '009-dish-labels-availability': m009,
  '010-dish-options': m010,
  '011-restaurant-settings': m011,
  '012-favourites': m012,
  '013-sign-in-notices': m013,
  '014-answer-notices': m014,
  '015-refund-requests': m015,
  '016-sign-in-limits': m016,
  '017-order-slots': m017,
  '019-kitchen-printers': m019,
  '020-partial-refunds': m020,
  '021-review-hidden': m021,
  '024-saved-addresses': m024,
  '025-restaurant-tables': m025,
  '027-order-taxes': m027,
  '028-promotions': m028,
  '029-order-tips': m029,
  '030-guests': m030,
  '031-dish-translations': m031,
  '033-languages': m033,
};

class StaticMigrationProvider implements MigrationProvider {
  private readonly kind: DbKind;
  constructor(kind: DbKind) {
    this.kind = kind;
  }
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: m.up(this.kind), down: m.down(this.kind) }]),
    );
  }
}

export type MigrationName = keyof typeof MIGRATIONS;

/** Every migration this code knows, in order: what a ready database (and a restored backup) has applied. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS).sort();

/** The migrations this database has applied (Kysely's own table; none on an empty database). */
export async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db).catch(() => ({ rows: [] }));
  return rows.map((row) => row.name);
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  await migrateTo(handle);
}

/** Migrates up or down to the named migration (tests of one migration); to the latest without a name. */
export async function migrateTo(handle: DatabaseHandle, name?: MigrationName): Promise<void> {
  const migrator = new Migrator({ db: handle.db, provider: new StaticMigrationProvider(handle.kind) });
  const { error, results } = name ? await migrator.migrateTo(name) : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
