import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { OTHER_WRITERS_LOOK_MS } from '../../src/server/db/node-sqlite-dialect.ts';
import type { TestApp } from './test-app.ts';

/**
 * PostgreSQL: waits until each of `apps` has heard every notice of a write committed before this
 * call. The database delivers its notices to each listening process in the order their
 * transactions committed, so a marker sent now and heard by a process means that the process has
 * read and handled every notice sent before it (a 'sessions.changed' or an 'answers.changed' of a
 * command, of an operator's SQL, or of the other process). The marker is a 'reviews.changed',
 * which touches no kept caller and no kept answer: a process that did not forget them on the
 * write's own notice still has them. This waits for the event, not for a time; a marker that never
 * arrives fails the test. SQLite: no notices; another connection's commit is seen by the look
 * every OTHER_WRITERS_LOOK_MS (src/server/db/node-sqlite-dialect.ts), and a timer due later than
 * the next look fires after it.
 */
export async function noticesDelivered(t: TestApp, ...apps: FastifyInstance[]): Promise<void> {
  if (t.database.kind !== 'postgres') return void (await sleep(OTHER_WRITERS_LOOK_MS + 20));
  const stops: (() => void)[] = [];
  const heard = apps.map((app) => new Promise<void>((resolve) => stops.push(app.events.subscribe('reviews.changed', () => resolve()))));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('a notice sent through PostgreSQL did not arrive within 10 s')), 10_000);
  });
  try {
    await t.app.events.publish('reviews.changed', {});
    await Promise.race([Promise.all(heard), timeout]);
  } finally {
    clearTimeout(timer);
    for (const stop of stops) stop();
  }
}
