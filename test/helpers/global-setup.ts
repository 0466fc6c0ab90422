import type { TestProject } from 'vitest/node';
import { makeDatabaseTemplates, type DatabaseTemplates } from './database-templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** Once per run (vitest.config.ts): the migrated and the seeded template databases every file copies. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, remove } = await makeDatabaseTemplates();
  project.provide('databaseTemplates', templates);
  return remove;
}
