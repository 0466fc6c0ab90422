import type { Kysely } from 'kysely';

/**
 * A dish's name, description and option names in the shop's other languages (issue 44, point 4):
 * JSON, DishTranslations of src/shared/dish-translations.ts; null when it has none (English, the
 * dish's own columns, is then every language's text).
 */
export function up() {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('menu_items').addColumn('translations', 'text').execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('menu_items').dropColumn('translations').execute();
  };
}
