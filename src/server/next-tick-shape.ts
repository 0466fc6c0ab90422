import { executionAsyncResource } from 'node:async_hooks';

/**
 * Keeps `process.nextTick` on V8's fast path for the life of the process
 * (docs/decisions/0012-next-tick-shape.md). Node's HTTP server calls nextTick about seven times
 * per request. Each call builds a small "tick" object; once none is alive, a full garbage
 * collection drops the hidden class (map) those objects share, and the next tick gets a new one.
 * After a few such collections (the shop's start-up has them, and so does any server that idles)
 * V8 gives up on the site that builds the tick: every nextTick then goes through the runtime's
 * slow path, 5 to 9 µs of each `GET /api/items` in a CPU profile. One tick object kept alive for
 * good keeps its map, so the site stays monomorphic. Imported first by main.ts, so that it runs
 * before the start-up's collections.
 */
let kept: object | undefined;

process.nextTick(function keepOneTick() {
  // Inside a nextTick callback, the current async resource is the tick object itself.
  kept = executionAsyncResource();
});

/** The kept tick object (for the test that checks Node still hands it out). */
export function keptTick(): object | undefined {
  return kept;
}
